/**
 * The mission planner form as data: positions as typed, the requirements a
 * trainer adjusts after the capabilities search, and the request bodies built
 * (and checked with the contract) from them.
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
} from '../../../contract/mission-planner';
import { type FieldErrors, fieldErrorsFromZod } from '../../lib/forms/field-errors';

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
