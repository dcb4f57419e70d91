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
 * The planner page's own state. The plugin chosen is in the URL and the
 * searches' answers in their mutations; this holds what the person typed and
 * chose, what was refused, and what the page says.
 */
export interface PlannerState {
  readonly positions: readonly PositionDraft[];
  readonly positionErrors: readonly PositionErrors[];
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
  /** Said under the positions: the competencies search. */
  readonly status: FormStatus;
  /** Said under the requirements: the candidates search. */
  readonly searchStatus: FormStatus;
}

export type PlannerAction =
  | { readonly type: 'positionsChanged'; readonly positions: readonly PositionDraft[] }
  | { readonly type: 'pluginChanged' }
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
  | { readonly type: 'candidatesFailed'; readonly error: unknown };

const silent: FormStatus = { message: '', tone: 'info' };

/** One empty position to describe; nothing asked yet. */
export function initialPlannerState(): PlannerState {
  return {
    positions: [newPosition()],
    positionErrors: [],
    pluginError: undefined,
    refusals: 0,
    requirements: undefined,
    requirementErrors: [],
    searchRefusals: 0,
    asked: [],
    status: silent,
    searchStatus: silent,
  };
}

function searchOutcome(results: readonly PlannerCandidatesResult[]): FormStatus {
  if (results.some((r) => r.status === 'failed')) {
    return { message: 'The plugin did not answer the search; see below.', tone: 'error' };
  }
  const found = results.flatMap((r) => (r.status === 'ok' ? r.candidates.positions : []));
  const ready = found.reduce((n, p) => n + p.readyCandidates.length, 0);
  const recommended = found.reduce((n, p) => n + p.recommendedCandidates.length, 0);
  return { message: `Search finished: ${ready} ready and ${recommended} recommended candidates.`, tone: 'info' };
}

export function plannerReducer(state: PlannerState, action: PlannerAction): PlannerState {
  switch (action.type) {
    case 'positionsChanged':
      // Competencies found for other positions no longer apply.
      return { ...state, positions: action.positions, requirements: undefined };
    case 'pluginChanged':
      // Nor do another plugin's.
      return { ...state, pluginError: undefined, requirements: undefined };
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
        positionErrors: action.errors,
        pluginError: undefined,
        requirements: undefined,
        status: { message: 'Asking the plugin for competencies…', tone: 'info' },
        searchStatus: silent,
      };
    case 'competenciesAnswered':
      return action.result?.status === 'ok'
        ? {
            ...state,
            requirements: requirementsFrom(action.positions, action.result.capabilities),
            requirementErrors: [],
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
    case 'candidatesAsked':
      return {
        ...state,
        requirementErrors: action.errors,
        asked: action.positions,
        searchStatus: { message: 'Searching candidates…', tone: 'info' },
      };
    case 'candidatesAnswered':
      return { ...state, searchStatus: searchOutcome(action.results) };
    case 'candidatesFailed':
      return {
        ...state,
        searchStatus: { message: `${describeError(action.error, 'candidates').title}.`, tone: 'error' },
      };
  }
}
