/**
 * The readiness bench's page: the dashboard's own ReadinessMatrixView and
 * TrainingPlan, with its model, fed a generated candidate answer (a class of
 * `students` × one position of `competencies`) instead of the service. The
 * bench drives it through `window.readinessBench`; each measure ends when the
 * browser has painted the result (a frame, then a task after it).
 */
import { StrictMode, useCallback, useLayoutEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import {
  type CandidatePosition,
  type PlannerCandidatesResult,
  plannerCandidatesResponseSchema,
} from '../../contract/mission-planner';
import { ReadinessMatrixView, type RowEvidence } from '../../src/features/class-readiness/components/readiness-matrix';
import { TargetsForm } from '../../src/features/class-readiness/components/targets-form';
import { TrainingPlan } from '../../src/features/class-readiness/components/training-plan';
import {
  buildMatrix,
  type ClassMember,
  type PlannedTraining,
  type TrainingKey,
  withPlanned,
} from '../../src/features/class-readiness/readiness-model';
import type { Target } from '../../src/features/class-readiness/readiness-storage';
import { benchCompetencies, PREFERRED_LEVEL, placedCandidates } from '../lib/readiness-answer';
import '../../src/styles/app.css';
import '../../src/styles/signed-in.css';
import '../../src/features/class-readiness/class-readiness.css';

const params = new URLSearchParams(window.location.search);
const studentCount = Number(params.get('students') ?? 50);
const competencyCount = Number(params.get('competencies') ?? 30);
const wide = params.get('wide') !== '0';

const members: ClassMember[] = Array.from({ length: studentCount }, (_, i) => ({
  userId: `student-${i + 1}`,
  name: `Student ${i + 1} Lastname`,
}));
const position: CandidatePosition = {
  title: 'Cyber defense operator',
  count: 1000,
  competencies: benchCompetencies(competencyCount).map((c) => ({
    ...c,
    minimumRequirement: 'intermediate' as const,
    preferredRequirement: PREFERRED_LEVEL,
  })),
};
const asked = [position];
/** The side column's form, as the trainer filled it in to ask: the page keeps it beside the matrix. */
const targets: Target[] = [{ title: position.title, knowledgeLevel: 'journeyman', afsc: '3D0X2' }];
const plugins = [{ pluginId: 'bench-plugin', name: 'Bench plugin' }];
const ignore = () => undefined;

/**
 * What the service hands the dashboard, as JSON text: the class placed as the
 * bench plugin places it (bench/lib/readiness-answer.ts).
 */
function answerText(): string {
  const result = {
    pluginId: 'bench-plugin',
    name: 'Bench plugin',
    status: 'ok',
    candidates: {
      positions: [
        placedCandidates(
          position,
          members.map((m) => m.userId),
        ),
      ],
    },
    people: [],
    warnings: [],
  };
  return JSON.stringify({ results: [result] });
}

const names = (key: TrainingKey) => `Training ${key}`;
const evidence = (userId: string): RowEvidence => ({
  href: `/students/${userId}?courseId=crs-1`,
  text: 'Newest entry 12 days ago',
  stale: false,
});

/** Resolves after the next paint: a frame, then a task queued from it. */
const painted = () =>
  new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));

let onCommit: (() => void) | undefined;
let setAnswer: ((result: PlannerCandidatesResult) => void) | undefined;

function Harness() {
  const [result, setResult] = useState<PlannerCandidatesResult>();
  const [planned, setPlanned] = useState<PlannedTraining>({});
  setAnswer = setResult;
  const matrix = useMemo(() => (result ? buildMatrix(members, asked, result, planned) : undefined), [result, planned]);
  const plan = useCallback((training: TrainingKey, userIds: readonly string[], on: boolean) => {
    setPlanned((current) => withPlanned(current, training, userIds, on));
  }, []);
  useLayoutEffect(() => {
    onCommit?.();
  });
  // The class readiness page's layout: in the dashboard's main column, the targets asked for beside the matrix.
  return (
    <MemoryRouter>
      <main className="app-main">
        <div className="page-grid">
          <div className="page-side">
            <h2>Target positions</h2>
            <TargetsForm
              targets={targets}
              errors={[]}
              onChange={ignore}
              plugins={plugins}
              pluginId="bench-plugin"
              pluginError={undefined}
              onPluginChange={ignore}
              defaultAfsc="3D0X2"
              pending={false}
              onSubmit={ignore}
              refusals={0}
            />
          </div>
          <div className="page-main">
            <h2>Readiness</h2>
            {matrix ? (
              <>
                <ReadinessMatrixView
                  className="Bench class"
                  matrix={matrix}
                  name={names}
                  evidence={evidence}
                  wide={wide}
                />
                <TrainingPlan matrix={matrix} planned={planned} name={names} onPlan={plan} />
              </>
            ) : (
              <p>Waiting for the answer</p>
            )}
          </div>
        </div>
      </main>
    </MemoryRouter>
  );
}

/** Resolves with the time React committed the next render (its DOM written, before layout and paint). */
const committed = () =>
  new Promise<number>((resolve) => {
    onCommit = () => {
      onCommit = undefined;
      resolve(performance.now());
    };
  });

interface Changed {
  readonly ms: number;
  readonly commitMs: number;
  readonly planned: number;
  readonly shown: boolean;
}

/** `control` clicked: from the click to React's commit and to the updated matrix painted; `shown` asks the control. */
async function clicked(control: HTMLElement, shown: () => boolean): Promise<Changed> {
  const done = committed();
  const start = performance.now();
  control.click();
  const commit = await done;
  const end = await painted();
  return {
    ms: end - start,
    commitMs: commit - start,
    planned: document.querySelectorAll('.readiness-cell-planned').length,
    shown: shown(),
  };
}

/** A cell saying its call: the first screen writes the table's cells beyond the columns a screen shows empty. */
const cellSelector = wide ? '.readiness-table td:not(:empty)' : '.readiness-cards dd:not(:empty)';
const rowSelector = wide ? '.readiness-table tbody > tr' : '.readiness-cards > li';

const api = {
  /**
   * From the answer's text in hand (parsed and checked as the dashboard's
   * client does) to the first screen painted (`ms`, `cells` then), and on to
   * every student's row in the page and painted (`allMs`, `allCells`).
   * `rows`: the students of the first screen.
   */
  async answer(): Promise<{
    ms: number;
    commitMs: number;
    rows: number;
    cells: number;
    allMs: number;
    allCells: number;
  }> {
    const text = answerText();
    const done = committed();
    const start = performance.now();
    const parsed = plannerCandidatesResponseSchema.parse(JSON.parse(text));
    const first = parsed.results[0];
    if (!first || !setAnswer) throw new Error('no answer to give');
    setAnswer(first);
    const commit = await done;
    // The first screen: the cells the first commit wrote (the background render may add more before the paint).
    const cells = document.querySelectorAll(cellSelector).length;
    const rows = document.querySelectorAll(rowSelector).length;
    const end = await painted();
    const expected = studentCount * competencyCount;
    let all = end;
    // The rest of the class follows in a background render: each frame, until every cell is in the page (or 10 s).
    while (document.querySelectorAll(cellSelector).length < expected && performance.now() - start < 10_000) {
      all = await painted();
    }
    return {
      ms: end - start,
      commitMs: commit - start,
      rows,
      cells,
      allMs: all - start,
      allCells: document.querySelectorAll(cellSelector).length,
    };
  },
  /**
   * One student's checkbox of a training clicked: from the click to the
   * projection painted. The training's students are behind a disclosure,
   * opened (and painted) first, outside the time.
   */
  async toggle(index: number): Promise<Changed> {
    const lists = document.querySelectorAll<HTMLDetailsElement>('.readiness-plan-choose');
    const list = lists[index % lists.length];
    if (!list) throw new Error('no training to choose students for');
    if (!list.open) list.open = true;
    const opened = performance.now();
    while (list.querySelector('input[type="checkbox"]') === null) {
      if (performance.now() - opened > 10_000) throw new Error('the training’s students did not show when opened');
      await painted();
    }
    const boxes = list.querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
    const box = boxes[Math.floor(index / lists.length) % boxes.length];
    if (!box) throw new Error('no checkbox to click');
    const was = box.checked;
    return clicked(box, () => box.checked !== was);
  },
  /** The `index`th training's "all who need it" button: the whole class at once. */
  toggleAll(index: number): Promise<Changed> {
    const buttons = document.querySelectorAll<HTMLButtonElement>('.readiness-plan-for .actions button');
    const button = buttons[index % buttons.length];
    if (!button) throw new Error('no button to click');
    const was = button.textContent;
    return clicked(button, () => button.textContent !== was);
  },
  /**
   * The page scrolled from top to bottom a screen at a time (and, on the
   * table, its region across from side to side at each), each step to its
   * paint: cells and cards off screen are laid out and painted only when they
   * come near the view, so this is where that work went.
   */
  async scroll(): Promise<{ steps: number; maxMs: number; totalMs: number }> {
    const times: number[] = [];
    const timed = async (move: () => void) => {
      const start = performance.now();
      move();
      times.push((await painted()) - start);
    };
    const region = document.querySelector<HTMLElement>('.readiness-scroll');
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      if (y > 0) await timed(() => window.scrollTo(0, y));
      if (!region) continue;
      for (let x = region.clientWidth; x < region.scrollWidth; x += region.clientWidth) {
        await timed(() => {
          region.scrollLeft = x;
        });
      }
      region.scrollLeft = 0;
    }
    window.scrollTo(0, 0);
    return { steps: times.length, maxMs: Math.max(0, ...times), totalMs: times.reduce((a, b) => a + b, 0) };
  },
  /** The model alone: buildMatrix of the answer with a plan of `planned` trainings for everyone, median of `runs`. */
  model(runs: number): { build: number; projection: number } {
    const parsed = plannerCandidatesResponseSchema.parse(JSON.parse(answerText()));
    const result = parsed.results[0] as PlannerCandidatesResult;
    const all = members.map((m) => m.userId);
    const builds: number[] = [];
    const projections: number[] = [];
    let planned: PlannedTraining = {};
    const base = buildMatrix(members, asked, result, planned);
    const keys = base.trainings.map((t) => t.key);
    for (let run = 0; run < runs; run++) {
      let t = performance.now();
      buildMatrix(members, asked, result, {});
      builds.push(performance.now() - t);
      t = performance.now();
      planned = withPlanned(planned, keys[run % keys.length] as TrainingKey, all, run % 2 === 0);
      buildMatrix(members, asked, result, planned);
      projections.push(performance.now() - t);
    }
    const mid = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    return { build: mid(builds), projection: mid(projections) };
  },
};

(window as unknown as { readinessBench: typeof api }).readinessBench = api;

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <Harness />
    </StrictMode>,
  );
}
