/**
 * The mission planner form as data: positions as typed, the requirements a
 * trainer adjusts after the capabilities search, the request bodies built
 * (and checked with the contract) from them, and the page's state with the
 * steps that change it (plannerReducer).
 */
import {
  type CandidatePosition,
  type CapabilitiesResponse,
  type CapabilityPosition,
  type CompetencyLevel,
  candidatePositionSchema,
  capabilityPositionSchema,
  competencyLevels,
  competencyRank,
  type KnowledgeLevel,
  type PlannerCandidatesResult,
  type PlannerCapabilitiesResult,
} from '../../../contract/mission-planner';
import { describeError } from '../../lib/api/describe-error';
import { type FieldErrors, fieldErrorsFromZod } from '../../lib/forms/field-errors';
import type { FormStatus } from '../../lib/forms/use-form-submission';

export interface PositionDraft {
  /** Local key for React lists; never sent. */
  readonly key: number;
  readonly title: string;
  readonly knowledgeLevel: KnowledgeLevel;
  readonly afsc: string;
  readonly count: string;
  readonly exactMatch: boolean;
}

export type PositionField = 'title' | 'knowledgeLevel' | 'afsc' | 'count' | 'exactMatch';
export type PositionErrors = FieldErrors<PositionField>;

const positionLabels: Record<PositionField, string> = {
  title: 'Title',
  knowledgeLevel: 'Knowledge level',
  afsc: 'AFSC',
  count: 'Number needed',
  exactMatch: 'Exact match',
};

let nextKey = 1;

export function newPosition(): PositionDraft {
  return { key: nextKey++, title: '', knowledgeLevel: 'journeyman', afsc: '', count: '1', exactMatch: false };
}

/** Checks every position with the contract; the errors per position, or the positions to send. */
export function validatePositions(drafts: readonly PositionDraft[]): {
  positions?: CapabilityPosition[];
  errors: PositionErrors[];
} {
  const positions: CapabilityPosition[] = [];
  const errors = drafts.map((draft) => {
    const count = draft.count.trim() === '' ? Number.NaN : Number(draft.count);
    const parsed = capabilityPositionSchema.safeParse({
      title: draft.title,
      knowledgeLevel: draft.knowledgeLevel,
      afsc: draft.afsc.trim().toUpperCase(),
      count,
      exactMatch: draft.exactMatch,
    });
    if (parsed.success) {
      positions.push(parsed.data);
      return {};
    }
    const found = fieldErrorsFromZod<PositionField>(parsed.error.issues, positionLabels);
    if (Number.isNaN(count)) found.count = 'Number needed must be a whole number from 1.';
    return found;
  });
  const ok = errors.every((e) => Object.keys(e).length === 0);
  return ok ? { positions, errors } : { errors };
}

export interface RequirementRow {
  readonly competencyId: string;
  readonly title: string;
  /** Offered by the plugin for the position (true) or from its additional competencies (false). */
  readonly suggested: boolean;
  readonly included: boolean;
  readonly minimum: CompetencyLevel;
  readonly preferred: CompetencyLevel;
}

export interface PositionRequirements {
  readonly title: string;
  readonly count: number;
  readonly rows: readonly RequirementRow[];
}

const levelBelow = (level: CompetencyLevel): CompetencyLevel =>
  competencyLevels[Math.max(0, competencyRank(level) - 1)] ?? 'basic';

/**
 * Starting requirements from a plugin's capabilities: every suggested
 * competency included, preferred as the plugin says and minimum one level
 * lower; the additional competencies listed but not included.
 */
export function requirementsFrom(
  positions: readonly CapabilityPosition[],
  capabilities: CapabilitiesResponse,
): PositionRequirements[] {
  return positions.map((position, index) => {
    const suggested = capabilities.positions[index]?.competencies ?? [];
    const suggestedIds = new Set(suggested.map((c) => c.competencyId));
    return {
      title: position.title,
      count: position.count,
      rows: [
        ...suggested.map((c) => ({
          competencyId: c.competencyId,
          title: c.title,
          suggested: true,
          included: true,
          minimum: levelBelow(c.preferredCompetencyLevel),
          preferred: c.preferredCompetencyLevel,
        })),
        ...capabilities.additionalCompetencies
          .filter((c) => !suggestedIds.has(c.competencyId))
          .map((c) => ({
            competencyId: c.competencyId,
            title: c.title,
            suggested: false,
            included: false,
            minimum: 'basic' as const,
            preferred: 'basic' as const,
          })),
      ],
    };
  });
}

/** Problems of one position's requirements, keyed by competency id ('' for the position as a whole). */
export type RequirementErrors = Record<string, string>;

export function validateRequirements(all: readonly PositionRequirements[]): {
  positions?: CandidatePosition[];
  errors: RequirementErrors[];
} {
  const positions: CandidatePosition[] = [];
  const errors = all.map((requirements) => {
    const found: RequirementErrors = {};
    const included = requirements.rows.filter((row) => row.included);
    if (included.length === 0) found[''] = 'Include at least one competency.';
    for (const row of included) {
      if (competencyRank(row.preferred) < competencyRank(row.minimum)) {
        found[row.competencyId] = `${row.title}: the preferred level must not be below the minimum.`;
      }
    }
    const parsed = candidatePositionSchema.safeParse({
      title: requirements.title,
      count: requirements.count,
      competencies: included.map((row) => ({
        competencyId: row.competencyId,
        title: row.title,
        minimumRequirement: row.minimum,
        preferredRequirement: row.preferred,
      })),
    });
    if (parsed.success && Object.keys(found).length === 0) positions.push(parsed.data);
    else if (!parsed.success && Object.keys(found).length === 0)
      found[''] = parsed.error.issues[0]?.message ?? 'Invalid';
    return found;
  });
  const ok = errors.every((e) => Object.keys(e).length === 0);
  return ok ? { positions, errors } : { errors };
}

export const levelLabel = (level: CompetencyLevel | null | undefined): string => level ?? 'no evidence';

/**
 * The planner page's own state: the plan a trainer builds (positions, plugin,
 * requirements, the last search's answers, shortlists and slots), what was
 * refused, and what the page says. The plan outlives the page: the page
 * keeps it per user (plan-storage.ts), the names in memory only.
 */
export interface PlannerState {
  readonly positions: readonly PositionDraft[];
  readonly positionErrors: readonly PositionErrors[];
  /** The plugin asked; '' until chosen. */
  readonly pluginId: string;
  readonly pluginError: string | undefined;
  /** Refused "find competencies" submits: each one moves focus to the first field to fix. */
  readonly refusals: number;
  /** Set from the plugin's competencies; none until found, and dropped when the positions or plugin change. */
  readonly requirements: readonly PositionRequirements[] | undefined;
  readonly requirementErrors: readonly RequirementErrors[];
  /** Refused candidate searches: each one moves focus to the first requirement to fix. */
  readonly searchRefusals: number;
  /** The positions of the last candidate search, as sent. */
  readonly asked: readonly CandidatePosition[];
  /** The last candidate search's answers, for the positions `asked`; none until one answered. */
  readonly results: readonly PlannerCandidatesResult[] | undefined;
  /** Per position asked (by its index): the userIds shortlisted, in the order chosen. */
  readonly shortlist: readonly (readonly string[])[];
  /** Per position asked: the userIds in its slots, slot 1 first; never more than the number needed. */
  readonly slots: readonly (readonly string[])[];
  /**
   * Counts the steps entered (competencies found, candidates found): focus
   * moves to a step's heading when its count changes, never on an edit and
   * never when a kept plan is reopened.
   */
  readonly requirementsEntered: number;
  readonly resultsEntered: number;
  /** Said under the positions: the competencies search. */
  readonly status: FormStatus;
  /** Said under the requirements: the candidates search. */
  readonly searchStatus: FormStatus;
}

export type PlannerAction =
  | { readonly type: 'positionsChanged'; readonly positions: readonly PositionDraft[] }
  | { readonly type: 'pluginChanged'; readonly pluginId: string }
  | { readonly type: 'positionsRefused'; readonly errors: readonly PositionErrors[]; readonly pluginMissing: boolean }
  | { readonly type: 'competenciesAsked'; readonly errors: readonly PositionErrors[] }
  | {
      readonly type: 'competenciesAnswered';
      readonly positions: readonly CapabilityPosition[];
      readonly result: PlannerCapabilitiesResult | undefined;
    }
  | { readonly type: 'competenciesFailed'; readonly error: unknown }
  | { readonly type: 'requirementsChanged'; readonly requirements: readonly PositionRequirements[] }
  | { readonly type: 'requirementsRefused'; readonly errors: readonly RequirementErrors[] }
  | {
      readonly type: 'candidatesAsked';
      readonly positions: readonly CandidatePosition[];
      readonly errors: readonly RequirementErrors[];
    }
  | { readonly type: 'candidatesAnswered'; readonly results: readonly PlannerCandidatesResult[] }
  | { readonly type: 'candidatesFailed'; readonly error: unknown }
  | { readonly type: 'shortlistToggled'; readonly position: number; readonly userId: string }
  | { readonly type: 'slotAssigned'; readonly position: number; readonly userId: string }
  | { readonly type: 'slotCleared'; readonly position: number; readonly userId: string }
  | { readonly type: 'planCleared' }
  /** The plan kept elsewhere (by the service) replaces the one the page opened with. */
  | { readonly type: 'planReopened'; readonly state: PlannerState };

const silent: FormStatus = { message: '', tone: 'info' };

/** One empty position to describe; nothing asked yet. */
export function initialPlannerState(pluginId = ''): PlannerState {
  return {
    positions: [newPosition()],
    positionErrors: [],
    pluginId,
    pluginError: undefined,
    refusals: 0,
    requirements: undefined,
    requirementErrors: [],
    searchRefusals: 0,
    asked: [],
    results: undefined,
    shortlist: [],
    slots: [],
    requirementsEntered: 0,
    resultsEntered: 0,
    status: silent,
    searchStatus: silent,
  };
}

/** Nothing found yet for the positions as they are now. */
const noSearches = {
  requirements: undefined,
  asked: [],
  results: undefined,
  shortlist: [],
  slots: [],
} as const;

/** The userIds each position's answer names (ready first), over every plugin that answered. */
export function candidatesOf(results: readonly PlannerCandidatesResult[] | undefined, position: number): string[] {
  const ids = (results ?? []).flatMap((result) => {
    const answer = result.status === 'ok' ? result.candidates.positions[position] : undefined;
    return answer ? [...answer.readyCandidates, ...answer.recommendedCandidates].map((c) => c.candidateId) : [];
  });
  return [...new Set(ids)];
}

/** The position whose slots hold `userId`, if any. */
export function slotHolder(slots: PlannerState['slots'], userId: string): number | undefined {
  const index = slots.findIndex((held) => held.includes(userId));
  return index === -1 ? undefined : index;
}

function searchOutcome(results: readonly PlannerCandidatesResult[], dropped: number): FormStatus {
  if (results.some((r) => r.status === 'failed')) {
    return { message: 'The plugin did not answer the search; see below.', tone: 'error' };
  }
  const found = results.flatMap((r) => (r.status === 'ok' ? r.candidates.positions : []));
  const ready = found.reduce((n, p) => n + p.readyCandidates.length, 0);
  const trainable = found.reduce((n, p) => n + p.recommendedCandidates.length, 0);
  const lost =
    dropped === 0
      ? ''
      : ` ${dropped === 1 ? 'One person' : `${dropped} people`} you picked ${dropped === 1 ? 'is' : 'are'} no longer among the candidates and left the shortlists and slots.`;
  return {
    message: `Search finished: ${ready} ready and ${trainable} trainable candidates.${lost}`,
    tone: 'info',
  };
}

/** Shortlists and slots kept through a new answer: only people still among their position's candidates. */
function keepPicks(state: PlannerState, results: readonly PlannerCandidatesResult[]) {
  let dropped = 0;
  const keep = (lists: PlannerState['shortlist']) =>
    state.asked.map((_, position) => {
      const still = new Set(candidatesOf(results, position));
      const list = lists[position] ?? [];
      const kept = list.filter((id) => still.has(id));
      dropped += list.length - kept.length;
      return kept;
    });
  const shortlist = keep(state.shortlist);
  const slots = keep(state.slots);
  return { shortlist, slots, dropped };
}

const withList = (
  lists: PlannerState['shortlist'],
  position: number,
  change: (list: readonly string[]) => readonly string[],
  positions: number,
) =>
  Array.from({ length: positions }, (_, index) =>
    index === position ? change(lists[index] ?? []) : (lists[index] ?? []),
  );

export function plannerReducer(state: PlannerState, action: PlannerAction): PlannerState {
  switch (action.type) {
    case 'positionsChanged':
      // Competencies found for other positions no longer apply, nor do the candidates and picks found with them.
      return { ...state, positions: action.positions, ...noSearches };
    case 'pluginChanged':
      // Nor do another plugin's.
      return { ...state, pluginId: action.pluginId, pluginError: undefined, ...noSearches };
    case 'positionsRefused':
      return {
        ...state,
        positionErrors: action.errors,
        pluginError: action.pluginMissing ? 'Choose the plugin to ask.' : undefined,
        refusals: state.refusals + 1,
        status: { message: 'Fix the marked fields, then find competencies again.', tone: 'error' },
      };
    case 'competenciesAsked':
      return {
        ...state,
        ...noSearches,
        positionErrors: action.errors,
        pluginError: undefined,
        status: { message: 'Asking the plugin for competencies…', tone: 'info' },
        searchStatus: silent,
      };
    case 'competenciesAnswered':
      return action.result?.status === 'ok'
        ? {
            ...state,
            requirements: requirementsFrom(action.positions, action.result.capabilities),
            requirementErrors: [],
            requirementsEntered: state.requirementsEntered + 1,
            status: { message: 'Competencies found. Adjust the requirements, then search candidates.', tone: 'info' },
          }
        : { ...state, status: { message: 'The plugin did not answer with competencies.', tone: 'error' } };
    case 'competenciesFailed':
      return { ...state, status: { message: `${describeError(action.error, 'competencies').title}.`, tone: 'error' } };
    case 'requirementsChanged':
      return { ...state, requirements: action.requirements, requirementErrors: [] };
    case 'requirementsRefused':
      return {
        ...state,
        requirementErrors: action.errors,
        searchRefusals: state.searchRefusals + 1,
        searchStatus: { message: 'Fix the marked requirements, then search again.', tone: 'error' },
      };
    case 'candidatesAsked': {
      // Picks belong to positions by their place: a search for other positions starts them afresh.
      const samePositions =
        action.positions.length === state.asked.length &&
        action.positions.every((p, i) => p.title === state.asked[i]?.title && p.count === state.asked[i]?.count);
      return {
        ...state,
        requirementErrors: action.errors,
        asked: action.positions,
        ...(samePositions ? {} : { results: undefined, shortlist: [], slots: [] }),
        searchStatus: { message: 'Searching candidates…', tone: 'info' },
      };
    }
    case 'candidatesAnswered': {
      const { shortlist, slots, dropped } = keepPicks(state, action.results);
      return {
        ...state,
        results: action.results,
        shortlist,
        slots,
        resultsEntered: state.resultsEntered + 1,
        searchStatus: searchOutcome(action.results, dropped),
      };
    }
    case 'candidatesFailed':
      return {
        ...state,
        searchStatus: { message: `${describeError(action.error, 'candidates').title}.`, tone: 'error' },
      };
    case 'shortlistToggled': {
      if (!candidatesOf(state.results, action.position).includes(action.userId)) return state;
      const toggle = (list: readonly string[]) =>
        list.includes(action.userId) ? list.filter((id) => id !== action.userId) : [...list, action.userId];
      return { ...state, shortlist: withList(state.shortlist, action.position, toggle, state.asked.length) };
    }
    case 'slotAssigned': {
      const needed = state.asked[action.position]?.count ?? 0;
      const held = state.slots[action.position] ?? [];
      // One person fills one slot of one position; a full position takes nobody more.
      if (
        held.length >= needed ||
        slotHolder(state.slots, action.userId) !== undefined ||
        !candidatesOf(state.results, action.position).includes(action.userId)
      ) {
        return state;
      }
      return {
        ...state,
        slots: withList(state.slots, action.position, (list) => [...list, action.userId], state.asked.length),
      };
    }
    case 'slotCleared':
      return {
        ...state,
        slots: withList(
          state.slots,
          action.position,
          (list) => list.filter((id) => id !== action.userId),
          state.asked.length,
        ),
      };
    case 'planReopened':
      return action.state;
    case 'planCleared':
      return {
        ...initialPlannerState(state.pluginId),
        status: { message: 'Started a new plan.', tone: 'info' },
      };
  }
}
