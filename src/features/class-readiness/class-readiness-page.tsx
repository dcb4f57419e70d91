/**
 * A class at a glance (`/classes/:classId/readiness`): the trainer picks
 * target positions and a plugin; the page asks the plugin for the positions'
 * competencies, then for candidates, and shows the class's students × those
 * competencies: ready, a gap with the training that closes it, or not known.
 * The what-if marks recommended training planned and projects who would
 * become ready. Each row leads to what was written about the student. The
 * targets, the answer (ids only) and the planned training are kept on this
 * device per user and class.
 */
import { useQuery } from '@tanstack/react-query';
import './class-readiness.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { capabilityPositionSchema, type PlannerCandidatesResult } from '../../../contract/mission-planner';
import type { ClassStudent } from '../../../contract/roster';
import { useWideScreen } from '../../components/fold';
import { PageHeading } from '../../components/page-heading';
import { usePrintSheet } from '../../components/print-sheet';
import { EmptyState, ErrorState, LiveMessage, Skeleton } from '../../components/states';
import { TrainersOnly } from '../../components/trainers-only';
import { describeError } from '../../lib/api/describe-error';
import { rosterQueries } from '../../lib/api/roster-queries';
import { csvText } from '../../lib/export/csv';
import { downloadCsv } from '../../lib/export/download-text';
import { useSignedInSession } from '../../lib/session/use-session';
import { useAfterPaint } from '../../lib/tasks/after-paint';
import { readinessQueries, useCandidatesSearch, useCapabilitiesSearch } from './api/readiness-queries';
import { useTrainingNames } from './api/training-names';
import { WhereThePlannerIsOffered } from './components/not-offered';
import { ReadinessMatrixView, type RowEvidence } from './components/readiness-matrix';
import { ReadinessSheet } from './components/readiness-sheet';
import { type TargetErrors, TargetsForm } from './components/targets-form';
import { TrainingPlan } from './components/training-plan';
import {
  buildMatrix,
  type ClassMember,
  candidatePositions,
  commonSpecialty,
  evidenceAge,
  newestByPerson,
  type TrainingKey,
  withPlanned,
} from './readiness-model';
import { type KeptReadiness, readKept, removeKept, type Target, writeKept } from './readiness-storage';
import { type ReadinessExport, readinessFileName, readinessRows } from './readiness-text';

export default function ClassReadinessPage() {
  return (
    <TrainersOnly what="Class readiness">
      <WhereThePlannerIsOffered>
        <ClassReadiness />
      </WhereThePlannerIsOffered>
    </TrainersOnly>
  );
}

function ClassReadiness() {
  const { classId = '' } = useParams();
  const roster = useQuery(rosterQueries.mine());
  const klass = roster.data?.classes.find((c) => c.classId === classId);
  const title = klass ? `Readiness of ${klass.className}` : 'Class readiness';
  return (
    <div className="page readiness-page">
      <title>{`${title} · Trainer dashboard`}</title>
      {/*
        The heading names the class once the roster is in, and may take another line then; so what is above it
        stays above it, and what is below it (the intro, the page) comes with the roster, in place of the
        skeleton: nothing on screen moves when the name arrives.
      */}
      <p>
        <Link to="/classes">Back to classes</Link>
      </p>
      <PageHeading>{title}</PageHeading>
      {roster.isPending ? (
        <Skeleton label="Loading the class" />
      ) : (
        <>
          <p className="page-intro readiness-intro">
            Who in this class is ready for a position, what training closes the gaps, and who would be ready if it were
            done. An AI plugin judges; what you wrote is one link away.
          </p>
          {roster.isError ? (
            <ErrorState error={roster.error} what="your classes" onRetry={() => void roster.refetch()} />
          ) : !roster.data || !klass ? (
            <EmptyState title="This class is not among yours">
              <p>
                Open readiness from one of your classes on the <Link to="/classes">classes page</Link>.
              </p>
            </EmptyState>
          ) : (
            <Readiness
              classId={classId}
              className={klass.className}
              courseId={klass.courseId}
              members={roster.data.members.get(classId) ?? []}
            />
          )}
        </>
      )}
    </div>
  );
}

type Status = { readonly message: string; readonly tone: 'info' | 'error' };
const silent: Status = { message: '', tone: 'info' };

function Readiness({
  classId,
  className,
  courseId,
  members,
}: {
  readonly classId: string;
  readonly className: string;
  readonly courseId: string;
  readonly members: readonly ClassStudent[];
}) {
  const { userId } = useSignedInSession();
  const plugins = useQuery(readinessQueries.plugins());
  const defaultAfsc = useMemo(() => commonSpecialty(members.map((m) => m.organizationRoles?.afsc)), [members]);
  const [kept, setKept] = useState<KeptReadiness>(
    () =>
      readKept(userId, classId) ?? {
        version: 1,
        pluginId: '',
        targets: [{ title: '', knowledgeLevel: 'journeyman', afsc: defaultAfsc }],
        asked: [],
        planned: {},
      },
  );
  // In memory only: the answer with its people and reasons; what is kept holds ids.
  const [fresh, setFresh] = useState<PlannerCandidatesResult | undefined>(undefined);
  const [errors, setErrors] = useState<TargetErrors[]>([]);
  const [pluginError, setPluginError] = useState<string | undefined>(undefined);
  const [refusals, setRefusals] = useState(0);
  const [status, setStatus] = useState<Status>(silent);
  const capabilities = useCapabilitiesSearch();
  const candidates = useCandidatesSearch();
  const pending = capabilities.isPending || candidates.isPending;
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const [entered, setEntered] = useState(0);

  useEffect(() => {
    writeKept(userId, classId, kept);
  }, [userId, classId, kept]);
  useEffect(() => {
    if (entered > 0) resultsHeading.current?.focus();
  }, [entered]);

  const offered = plugins.data ?? [];
  const pluginId = offered.some((p) => p.pluginId === kept.pluginId) ? kept.pluginId : '';
  const pluginName = offered.find((p) => p.pluginId === pluginId)?.name ?? 'the plugin';
  const result = fresh ?? kept.result;

  const classMembers: ClassMember[] = useMemo(
    () => members.map((m) => ({ userId: m.userId, name: `${m.firstName} ${m.lastName}`.trim() || m.userId })),
    [members],
  );
  const matrix = useMemo(
    () => (result ? buildMatrix(classMembers, kept.asked, result, kept.planned) : undefined),
    [classMembers, kept.asked, result, kept.planned],
  );
  // The same trainings keep the same list, whatever the plan projects (a what-if rebuilds the matrix).
  const trainingList = JSON.stringify(matrix?.trainings.map((t) => t.key) ?? []);
  const trainingKeys = useMemo(() => JSON.parse(trainingList) as TrainingKey[], [trainingList]);
  // Asked for once a new answer's matrix is painted (a kept answer's, as the page opens): starting the
  // requests (and the render their start brings) in the answer's commit kept its first screen from the
  // trainer for 20 ms more.
  const names = useTrainingNames(pluginId, useAfterPaint(trainingKeys));

  const written = useQuery(readinessQueries.writtenAbout(classId));
  const newest = useMemo(() => (written.data ? newestByPerson(written.data) : undefined), [written.data]);
  const now = useMemo(() => new Date(), []);
  const evidence = useCallback(
    (studentId: string): RowEvidence => {
      // The search by filters alone: what was written about them in the class's course, newest first.
      const href = `/search?${new URLSearchParams({ userId: studentId, ...(courseId ? { courseId } : {}) })}`;
      if (!newest) {
        return {
          href,
          stale: false,
          text: written.isError ? 'Could not read when they were last written about' : 'Reading what was written…',
        };
      }
      return { href, ...evidenceAge(newest.get(studentId), now) };
    },
    [newest, now, courseId, written.isError],
  );

  const plan = useCallback((training: TrainingKey, userIds: readonly string[], on: boolean) => {
    setKept((current) => ({ ...current, planned: withPlanned(current.planned, training, userIds, on) }));
  }, []);

  const check = async () => {
    const targetErrors: TargetErrors[] = [];
    const positions = kept.targets.flatMap((target, index) => {
      const parsed = capabilityPositionSchema.safeParse({
        title: target.title,
        knowledgeLevel: target.knowledgeLevel,
        afsc: target.afsc.trim().toUpperCase(),
        count: Math.max(1, Math.min(1000, members.length)),
        exactMatch: false,
      });
      if (parsed.success) return [parsed.data];
      const found: { title?: string; afsc?: string } = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'title')
          found.title = target.title.trim() === '' ? 'Give the position a title.' : `Title ${issue.message}.`;
        if (issue.path[0] === 'afsc') found.afsc = `AFSC ${issue.message}.`;
      }
      targetErrors[index] = found;
      return [];
    });
    setErrors(targetErrors);
    setPluginError(pluginId === '' ? 'Choose the plugin to ask.' : undefined);
    if (positions.length !== kept.targets.length || pluginId === '') {
      setRefusals((n) => n + 1);
      setStatus({ message: 'Fix the marked fields, then check readiness again.', tone: 'error' });
      return;
    }
    try {
      setStatus({ message: 'Asking the plugin for the positions’ competencies…', tone: 'info' });
      const competencies = await capabilities.mutateAsync({ positions, pluginIds: [pluginId] });
      const answer = competencies.results[0];
      if (answer?.status !== 'ok') {
        setStatus({
          message: `${pluginName} did not answer with competencies${answer?.status === 'failed' ? `: ${answer.failure.message}` : ''}.`,
          tone: 'error',
        });
        return;
      }
      const { positions: asked, withoutCompetencies } = candidatePositions(positions, answer.capabilities);
      if (asked.length === 0) {
        setStatus({ message: `${pluginName} named no competency for these positions.`, tone: 'error' });
        return;
      }
      setStatus({ message: 'Asking the plugin who is ready…', tone: 'info' });
      const found = await candidates.mutateAsync({ positions: asked, pluginIds: [pluginId] });
      const placed = found.results[0];
      if (placed?.status !== 'ok') {
        setStatus({
          message: `${pluginName} did not answer the candidate search${placed?.status === 'failed' ? `: ${placed.failure.message}` : ''}.`,
          tone: 'error',
        });
        return;
      }
      setFresh(placed);
      setKept((current) => ({ ...current, asked, result: placed }));
      setEntered((n) => n + 1);
      const skipped =
        withoutCompetencies.length > 0 ? ` No competency was named for ${withoutCompetencies.join(', ')}.` : '';
      setStatus({ message: `Readiness checked.${skipped}`, tone: 'info' });
    } catch (error) {
      setStatus({ message: `${describeError(error, 'the readiness check').title}.`, tone: 'error' });
    }
  };

  const exportData: ReadinessExport | undefined = useMemo(
    () =>
      matrix
        ? {
            className,
            matrix,
            name: names.name,
            evidence: (id: string) => evidence(id).text,
            recordUrl: (id: string) => new URL(evidence(id).href, window.location.origin).href,
          }
        : undefined,
    [matrix, className, names.name, evidence],
  );
  const sheet = usePrintSheet(exportData);
  const [exportMessage, setExportMessage] = useState('');
  const wide = useWideScreen();

  const projected = matrix?.rows.filter((row) => row.projections.includes('becomes-ready')).length ?? 0;
  const remaining = matrix?.rows.reduce((n, row) => n + row.remaining, 0) ?? 0;
  const plannedCount = Object.values(kept.planned).reduce((n, keys) => n + keys.length, 0);

  return (
    <div className="page-grid">
      <div className="page-side">
        <h2>Target positions</h2>
        {plugins.isError ? (
          <ErrorState error={plugins.error} what="the plugins offered" onRetry={() => void plugins.refetch()} />
        ) : null}
        <TargetsForm
          targets={kept.targets}
          errors={errors}
          onChange={(targets: Target[]) => setKept((current) => ({ ...current, targets }))}
          plugins={offered}
          pluginId={pluginId}
          pluginError={pluginError}
          onPluginChange={(next) => setKept((current) => ({ ...current, pluginId: next }))}
          defaultAfsc={defaultAfsc}
          pending={pending}
          onSubmit={() => void check()}
          refusals={refusals}
        />
        <LiveMessage message={status.message} tone={status.tone} />
        <p className="muted">Your targets and planned training are kept on this device.</p>
      </div>
      <div className="page-main">
        <h2 ref={resultsHeading} tabIndex={-1}>
          Readiness
        </h2>
        {!matrix ? (
          <EmptyState title="Not checked yet">
            <p>Describe the positions this class trains for, choose the plugin, and check readiness.</p>
          </EmptyState>
        ) : members.length === 0 ? (
          <EmptyState title="No students in this class yet" />
        ) : (
          <>
            <p>
              {matrix.positions.length === 1 ? 'Position' : 'Positions'}: <bdi>{matrix.positions.join(', ')}</bdi>.
              Placed by <bdi>{pluginName}</bdi>.{' '}
              {matrix.unknownStudents > 0
                ? `${matrix.unknownStudents} of ${members.length} students are not known: the plugin did not return them (it does not know them, or placed them neither ready nor recommended).`
                : 'The plugin returned every student.'}
            </p>
            {names.failed ? <p>Some training could not be named; it is shown by its id.</p> : null}
            {written.isError ? (
              <ErrorState
                error={written.error}
                what="what was written about this class"
                onRetry={() => void written.refetch()}
              />
            ) : null}
            <ReadinessMatrixView
              className={className}
              matrix={matrix}
              name={names.name}
              evidence={evidence}
              wide={wide}
            />
            <section aria-labelledby="readiness-what-if" className="readiness-what-if">
              <h2 id="readiness-what-if">What if: training that closes the most gaps</h2>
              <p className="readiness-projection" role="status">
                {plannedCount === 0
                  ? 'Projection: mark training planned to see who would become ready.'
                  : `Projection, not the plugin’s answer: with the planned training, ${projected} ${projected === 1 ? 'student' : 'students'} would become ready; ${remaining} ${remaining === 1 ? 'gap remains' : 'gaps remain'}.`}
              </p>
              <TrainingPlan matrix={matrix} planned={kept.planned} name={names.name} onPlan={plan} />
            </section>
            <fieldset className="export-actions" aria-label="Hand over this readiness">
              <div className="actions">
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => exportData && sheet.print(exportData)}
                >
                  Print / save as PDF
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => {
                    if (!exportData) return;
                    const file = readinessFileName(className, new Date());
                    downloadCsv(file, csvText(readinessRows(exportData)));
                    setExportMessage(`Downloaded ${file}: the matrix and the what-if.`);
                  }}
                >
                  Download (CSV)
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => {
                    removeKept(userId, classId);
                    setFresh(undefined);
                    setKept((current) => ({ ...current, asked: [], result: undefined, planned: {} }));
                    setStatus({
                      message: 'Started afresh: the answer and the planned training are cleared.',
                      tone: 'info',
                    });
                  }}
                >
                  Start afresh
                </button>
              </div>
              <LiveMessage message={exportMessage} />
            </fieldset>
          </>
        )}
      </div>
      {sheet.sheet ? (
        <ReadinessSheet data={sheet.sheet.data} printedOn={sheet.sheet.printedOn} pluginName={pluginName} />
      ) : null}
    </div>
  );
}
