/**
 * A class's readiness as data: the class's students × the competencies of
 * the positions asked, from one plugin's candidate answer. Each cell is what
 * the plugin said (ready, or a training gap with its recommended courses and
 * objectives) or "not known" (the plugin did not return the student). The
 * what-if is a projection over the same answer: a gap counts as closed when
 * training the plugin recommended for it is marked planned for the student.
 */
import {
  type Candidate,
  type CandidatePosition,
  type CapabilitiesResponse,
  type CapabilityPosition,
  type CompetencyLevel,
  competencyLevels,
  competencyRank,
  type PlannerCandidatesResult,
  plannerLimits,
  type RecommendedAction,
} from '../../../contract/mission-planner';
import { compareCodeUnits } from '../../lib/text/folded-match';

export interface ClassMember {
  readonly userId: string;
  readonly name: string;
}

/** "course:crs-1" or "objective:obj-7": one piece of training, as planned and counted. */
export type TrainingKey = string;
export const trainingKey = (type: RecommendedAction['type'], id: string): TrainingKey => `${type}:${id}`;
export function parseTrainingKey(key: TrainingKey): { type: RecommendedAction['type']; id: string } {
  const at = key.indexOf(':');
  return { type: key.slice(0, at) === 'objective' ? 'objective' : 'course', id: key.slice(at + 1) };
}

/** Per student (userId): the training marked planned. */
export type PlannedTraining = Readonly<Record<string, readonly TrainingKey[]>>;

const levelBelow = (level: CompetencyLevel): CompetencyLevel =>
  competencyLevels[Math.max(0, competencyRank(level) - 1)] ?? 'basic';

/**
 * The candidate search for the positions: each with the competencies the
 * plugin suggested, preferred as it says and the minimum one level lower (as
 * the planner starts), and as many candidates as the interface lets a search
 * ask for, so the plugin's list length does not cut the class's students off.
 */
export function candidatePositions(
  positions: readonly CapabilityPosition[],
  capabilities: CapabilitiesResponse,
): { positions: CandidatePosition[]; withoutCompetencies: string[] } {
  const asked: CandidatePosition[] = [];
  const withoutCompetencies: string[] = [];
  positions.forEach((position, index) => {
    const suggested = capabilities.positions[index]?.competencies ?? [];
    if (suggested.length === 0) {
      withoutCompetencies.push(position.title);
      return;
    }
    asked.push({
      title: position.title,
      count: plannerLimits.count,
      competencies: suggested.slice(0, plannerLimits.competencies).map((c) => ({
        competencyId: c.competencyId,
        title: c.title,
        minimumRequirement: levelBelow(c.preferredCompetencyLevel),
        preferredRequirement: c.preferredCompetencyLevel,
      })),
    });
  });
  return { positions: asked, withoutCompetencies };
}

export interface Column {
  readonly key: string;
  readonly position: number;
  readonly positionTitle: string;
  readonly competencyId: string;
  readonly title: string;
  readonly minimum: CompetencyLevel;
  readonly preferred: CompetencyLevel;
}

export type Cell =
  | { readonly kind: 'ready' }
  | {
      readonly kind: 'gap';
      readonly actions: readonly RecommendedAction[];
      /** Extension: the level the plugin found (null: no evidence); undefined when it did not say. */
      readonly currentLevel: CompetencyLevel | null | undefined;
      /** Projection: training recommended for this gap is planned for the student. */
      readonly closedByPlan: boolean;
    }
  | { readonly kind: 'unknown' };

export type Placement = 'ready' | 'recommended' | 'unknown';
/** What the plan would make of a student for a position (a projection, never the plugin's answer). */
export type Projection = 'ready' | 'becomes-ready' | 'gaps-remain' | 'unknown';

export interface Row {
  readonly member: ClassMember;
  readonly cells: readonly Cell[];
  /** Per position asked: where the plugin placed the student. */
  readonly placements: readonly Placement[];
  readonly projections: readonly Projection[];
  readonly gaps: number;
  /** Gaps the plan leaves open. */
  readonly remaining: number;
  /** Training the plugin recommended for this student's gaps, each once. */
  readonly recommended: readonly TrainingKey[];
  /** Training marked planned for the student (what-if). */
  readonly planned: readonly TrainingKey[];
}

export interface ColumnCount {
  readonly lacking: number;
  /** Lacking once the plan is done (projection). */
  readonly lackingAfterPlan: number;
  readonly known: number;
  readonly unknown: number;
}

export interface Training {
  readonly key: TrainingKey;
  readonly type: RecommendedAction['type'];
  readonly id: string;
  /** Gaps (student × competency) the plugin recommended it for. */
  readonly gaps: number;
  /** Of those, gaps the plan does not close yet. */
  readonly openGaps: number;
  /** Students it was recommended for, in class order. */
  readonly students: readonly string[];
}

export interface ReadinessMatrix {
  readonly positions: readonly string[];
  readonly columns: readonly Column[];
  readonly rows: readonly Row[];
  readonly counts: readonly ColumnCount[];
  /**
   * The training that closes the most gaps first (then the most students, then by key): by the plugin's
   * answer, not by the plan, so the list does not move under the trainer while they plan.
   */
  readonly trainings: readonly Training[];
  readonly unknownStudents: number;
}

interface Found {
  readonly placement: Exclude<Placement, 'unknown'>;
  readonly gaps: ReadonlyMap<string, FoundGap>;
}

interface FoundGap {
  readonly actions: readonly RecommendedAction[];
  readonly currentLevel: CompetencyLevel | null | undefined;
  /** The trainings its actions recommend, each once. */
  readonly keys: readonly TrainingKey[];
}

/** The trainings a gap's actions recommend, each once, in their order. */
function keysOf(actions: readonly RecommendedAction[]): TrainingKey[] {
  const keys: TrainingKey[] = [];
  for (const action of actions) {
    for (const id of action.objectIds) {
      const key = trainingKey(action.type, id);
      if (!keys.includes(key)) keys.push(key);
    }
  }
  return keys;
}

export function buildMatrix(
  members: readonly ClassMember[],
  asked: readonly CandidatePosition[],
  result: PlannerCandidatesResult | undefined,
  planned: PlannedTraining,
): ReadinessMatrix {
  const columns: Column[] = asked.flatMap((position, index) =>
    position.competencies.map((c) => ({
      key: `${index}:${c.competencyId}`,
      position: index,
      positionTitle: position.title,
      competencyId: c.competencyId,
      title: c.title,
      minimum: c.minimumRequirement,
      preferred: c.preferredRequirement,
    })),
  );
  // Per position: who the plugin returned, with their gaps by competency.
  const found: Map<string, Found>[] = asked.map((_, index) => {
    const byUser = new Map<string, Found>();
    const answer = result?.status === 'ok' ? result.candidates.positions[index] : undefined;
    const add = (placement: Found['placement']) => (candidate: Candidate) => {
      if (byUser.has(candidate.candidateId)) return;
      byUser.set(candidate.candidateId, {
        placement,
        gaps: new Map(
          candidate.trainingGap.map((gap) => [
            gap.competencyId,
            { actions: gap.recommendedAction, currentLevel: gap.currentLevel, keys: keysOf(gap.recommendedAction) },
          ]),
        ),
      });
    };
    answer?.readyCandidates.forEach(add('ready'));
    answer?.recommendedCandidates.forEach(add('recommended'));
    return byUser;
  });

  const counts = columns.map(() => ({ lacking: 0, lackingAfterPlan: 0, known: 0, unknown: 0 }));
  const trainings = new Map<TrainingKey, { gaps: number; openGaps: number; students: string[] }>();
  let unknownStudents = 0;

  const rows: Row[] = members.map((member) => {
    const plan = new Set(planned[member.userId] ?? []);
    const placements: Placement[] = found.map((byUser) => byUser.get(member.userId)?.placement ?? 'unknown');
    const openPerPosition = asked.map(() => 0);
    const recommended = new Set<TrainingKey>();
    let gaps = 0;
    let remaining = 0;
    const cells = columns.map((column, c): Cell => {
      const count = counts[c] as (typeof counts)[number];
      const entry = found[column.position]?.get(member.userId);
      if (!entry) {
        count.unknown += 1;
        return { kind: 'unknown' };
      }
      count.known += 1;
      const gap = entry.gaps.get(column.competencyId);
      if (!gap) return { kind: 'ready' };
      const closedByPlan = plan.size > 0 && gap.keys.some((key) => plan.has(key));
      gaps += 1;
      count.lacking += 1;
      if (!closedByPlan) {
        remaining += 1;
        count.lackingAfterPlan += 1;
        openPerPosition[column.position] = (openPerPosition[column.position] ?? 0) + 1;
      }
      for (const key of gap.keys) {
        recommended.add(key);
        let training = trainings.get(key);
        if (!training) {
          training = { gaps: 0, openGaps: 0, students: [] };
          trainings.set(key, training);
        }
        training.gaps += 1;
        if (!closedByPlan) training.openGaps += 1;
        if (training.students.at(-1) !== member.userId) training.students.push(member.userId);
      }
      return { kind: 'gap', actions: gap.actions, currentLevel: gap.currentLevel, closedByPlan };
    });
    if (placements.some((p) => p === 'unknown')) unknownStudents += 1;
    const projections = placements.map((placement, index): Projection => {
      if (placement === 'unknown') return 'unknown';
      if (placement === 'ready') return 'ready';
      return openPerPosition[index] === 0 ? 'becomes-ready' : 'gaps-remain';
    });
    return {
      member,
      cells,
      placements,
      projections,
      gaps,
      remaining,
      recommended: [...recommended],
      planned: [...plan],
    };
  });

  const ranked = [...trainings]
    .map(([key, t]): Training => ({ key, ...parseTrainingKey(key), ...t }))
    .sort((a, b) => b.gaps - a.gaps || b.students.length - a.students.length || compareCodeUnits(a.key, b.key));

  return { positions: asked.map((p) => p.title), columns, rows, counts, trainings: ranked, unknownStudents };
}

/** Marks `training` planned (or not) for each of `userIds`, leaving everyone else's plan as it is. */
export function withPlanned(
  planned: PlannedTraining,
  training: TrainingKey,
  userIds: readonly string[],
  on: boolean,
): PlannedTraining {
  const next: Record<string, readonly TrainingKey[]> = { ...planned };
  for (const userId of userIds) {
    const current = next[userId] ?? [];
    const has = current.includes(training);
    if (on && !has) next[userId] = [...current, training];
    if (!on && has) {
      const kept = current.filter((key) => key !== training);
      if (kept.length > 0) next[userId] = kept;
      else delete next[userId];
    }
  }
  return next;
}

/** "6 of 10 lack it", with those the plugin did not return said apart. */
export function lackingText(count: ColumnCount): string {
  const known = `${count.lacking} of ${count.known} lack it`;
  return count.unknown > 0 ? `${known}; ${count.unknown} not known` : known;
}

export const STALE_AFTER_DAYS = 60;
const DAY_MS = 86_400_000;

/** Whole days from `iso` to `now`. */
export function daysSince(iso: string, now: Date): number {
  return Math.floor((now.getTime() - new Date(iso).getTime()) / DAY_MS);
}

/** What the row says about the trainer's own words: none yet, or the newest's age and whether it is old. */
export function evidenceAge(
  newest: string | undefined,
  now: Date,
  staleAfterDays: number = STALE_AFTER_DAYS,
): { readonly text: string; readonly stale: boolean } {
  if (!newest) return { text: 'Nothing written about them in this class yet', stale: true };
  const days = daysSince(newest, now);
  const ago = days <= 0 ? 'today' : days === 1 ? '1 day ago' : `${days} days ago`;
  return days > staleAfterDays
    ? { text: `Newest entry ${ago}: older than ${staleAfterDays} days`, stale: true }
    : { text: `Newest entry ${ago}`, stale: false };
}

/** The newest time anything was written about each person (by userId), from the class's comments and notes. */
export function newestByPerson(
  entries: readonly { readonly userId: string; readonly createdAt: string | undefined }[],
): Map<string, string> {
  const newest = new Map<string, string>();
  for (const { userId, createdAt } of entries) {
    if (!createdAt) continue;
    const seen = newest.get(userId);
    if (!seen || Date.parse(createdAt) > Date.parse(seen)) newest.set(userId, createdAt);
  }
  return newest;
}

/**
 * The specialty most of the class's students hold (3D052 and 3D072 are both
 * 3D0X2), as the targets' default AFSC: the platform records no specialty for
 * a course, and a class trains its students' specialty. Empty when none holds
 * an enlisted AFSC.
 */
export function commonSpecialty(afscs: readonly (string | undefined)[]): string {
  const counts = new Map<string, number>();
  for (const afsc of afscs) {
    const match = /^(\d[A-Z]\d)[0-9X](\d)$/.exec((afsc ?? '').trim().toUpperCase());
    if (!match) continue;
    const specialty = `${match[1]}X${match[2]}`;
    counts.set(specialty, (counts.get(specialty) ?? 0) + 1);
  }
  // A tie goes to the lower code; compared as plain text (the codes are ASCII), which asks nothing of the
  // browser's collation data: its first use is a task of ~80 ms on a phone.
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || compareCodeUnits(a[0], b[0]));
  return best?.[0] ?? '';
}
