/**
 * Candidate search: how the sample plugin rates people against a position.
 * Pure and deterministic: the same data gives the same answer, and every
 * placement can be retraced from the rules below (also in README.md).
 *
 * A person's level in a competency is the highest of:
 * - AFSC: their specialty is one the competency is core to: the level their
 *   skill-level digit says (3 basic, 5 intermediate, 7 advanced, 9 expert;
 *   a specialty held without a level, 3D0X2, is basic); a specialty of the
 *   same career field: one level lower.
 * - Badges aligned to the competency (badge `alignments`) that they hold: a
 *   course badge counts 2 points, an objective badge 1; 1 point is basic,
 *   2-3 intermediate, 4-5 advanced, 6 or more expert.
 * - A self-claimed skill that names one of the competency's keywords: the
 *   claimed level, but never above intermediate (it is not verified).
 *
 * Ready: at or above the minimum in every competency. Recommended: not ready,
 * at most one level short on average (total shortfall <= number of
 * competencies), and training the platform offers for every competency below
 * its minimum. Each competency below its preferred level is a training gap,
 * with the courses and objectives whose badges align to it and that the
 * person does not hold yet.
 *
 * Order: ready by competencies at the preferred level, then total level;
 * recommended by shortfall, then total level; ties by candidate id.
 */
import {
  type Candidate,
  type CandidatePosition,
  type CandidatesResponse,
  type CompetencyLevel,
  competencyLevels,
  competencyRank,
  type RecommendedAction,
  type RequiredCompetency,
  type TrainingGap,
} from '../contract/mission-planner.ts';
import type { Badge, LearningRecord, OtherSkill } from '../contract/plugin.ts';
import { careerFieldOf, findCompetency, parseAfsc } from './framework.ts';

export interface Person {
  readonly record: LearningRecord;
  /** Ids of the badges asserted for the person. */
  readonly badgeIds: ReadonlySet<string>;
  readonly skills: readonly OtherSkill[];
}

export interface Catalogue {
  readonly courseBadges: readonly Badge[];
  readonly objectiveBadges: readonly Badge[];
}

export interface Assessment {
  readonly competencyId: string;
  /** null: no evidence at all. */
  readonly level: CompetencyLevel | null;
  readonly evidence: readonly string[];
}

/** 0 for no evidence, then basic 1 ... expert 4. */
export const score = (level: CompetencyLevel | null): number => (level === null ? 0 : competencyRank(level) + 1);
const levelOfScore = (value: number): CompetencyLevel | null =>
  value <= 0 ? null : (competencyLevels[Math.min(value, 4) - 1] ?? null);

const alignedTo = (badge: Badge, competencyId: string) =>
  (badge.alignments ?? '')
    .split(',')
    .map((part) => part.trim())
    .includes(competencyId);

function claimedLevel(level: string): CompetencyLevel {
  const word = level.trim().toLowerCase();
  return word === 'expert' || word === 'advanced' || word === 'intermediate' ? 'intermediate' : 'basic';
}

export function assess(person: Person, competency: RequiredCompetency, catalogue: Catalogue): Assessment {
  const known = findCompetency(competency.competencyId);
  const evidence: string[] = [];
  let best = 0;

  const afsc = parseAfsc(person.record.afsc);
  if (known && person.record.afsc !== '') {
    const own = known.specialties.includes(afsc.specialty);
    const sameField = !own && known.specialties.some((s) => careerFieldOf(s) === afsc.careerField);
    // Holding the specialty without a skill level (3D0X2: in upgrade training) counts as basic.
    const held = Math.max(score(afsc.level), afsc.level === null && /X/.test(person.record.afsc) ? 1 : 0);
    const fromAfsc = own ? held : sameField ? Math.max(0, held - 1) : 0;
    if (fromAfsc > 0) {
      evidence.push(`AFSC ${person.record.afsc}${own ? '' : ' (same career field)'}: ${levelOfScore(fromAfsc)}`);
      best = Math.max(best, fromAfsc);
    }
  }

  const courses = catalogue.courseBadges.filter(
    (b) => alignedTo(b, competency.competencyId) && person.badgeIds.has(b.badgeId),
  );
  const objectives = catalogue.objectiveBadges.filter(
    (b) => alignedTo(b, competency.competencyId) && person.badgeIds.has(b.badgeId),
  );
  const points = 2 * courses.length + objectives.length;
  if (points > 0) {
    const fromBadges = points >= 6 ? 4 : points >= 4 ? 3 : points >= 2 ? 2 : 1;
    const kinds = [
      courses.length > 0 ? `${courses.length} course` : '',
      objectives.length > 0 ? `${objectives.length} objective` : '',
    ].filter(Boolean);
    const plural = courses.length + objectives.length === 1 ? '' : 's';
    evidence.push(`${kinds.join(' and ')} badge${plural}: ${levelOfScore(fromBadges)}`);
    best = Math.max(best, fromBadges);
  }

  const keywords = known?.keywords ?? [competency.title.toLowerCase()];
  for (const skill of person.skills) {
    const text = skill.selfClaimedExpertise.toLowerCase();
    if (keywords.some((word) => word.length > 0 && text.includes(word))) {
      const fromSkill = score(claimedLevel(skill.level));
      evidence.push(`self-claimed "${skill.selfClaimedExpertise}" (${skill.level}): ${levelOfScore(fromSkill)}`);
      best = Math.max(best, fromSkill);
    }
  }
  return { competencyId: competency.competencyId, level: levelOfScore(best), evidence };
}

/** Courses and objectives that teach the competency and whose badge the person does not hold. */
export function actionsFor(person: Person, competencyId: string, catalogue: Catalogue): RecommendedAction[] {
  const courseIds = new Set<string>();
  for (const badge of catalogue.courseBadges) {
    if (alignedTo(badge, competencyId) && !person.badgeIds.has(badge.badgeId) && badge.courseId)
      courseIds.add(badge.courseId);
  }
  const objectiveIds = new Set<string>();
  for (const badge of catalogue.objectiveBadges) {
    if (!alignedTo(badge, competencyId) || person.badgeIds.has(badge.badgeId)) continue;
    for (const objective of badge.criteria.objective) objectiveIds.add(objective.objectiveId);
  }
  const actions: RecommendedAction[] = [];
  if (courseIds.size > 0) actions.push({ type: 'course', objectIds: [...courseIds].sort() });
  if (objectiveIds.size > 0) actions.push({ type: 'objective', objectIds: [...objectiveIds].sort() });
  return actions;
}

interface Rated {
  readonly candidate: Candidate;
  readonly ready: boolean;
  readonly recommended: boolean;
  readonly atPreferred: number;
  readonly total: number;
  readonly shortfall: number;
}

function rate(person: Person, position: CandidatePosition, catalogue: Catalogue): Rated {
  const trainingGap: TrainingGap[] = [];
  let atPreferred = 0;
  let total = 0;
  let shortfall = 0;
  let belowMinimum = 0;
  let untrainable = 0;
  const notes: string[] = [];
  for (const competency of position.competencies) {
    const found = assess(person, competency, catalogue);
    const level = score(found.level);
    const minimum = score(competency.minimumRequirement);
    const preferred = score(competency.preferredRequirement);
    total += level;
    if (level >= preferred) atPreferred += 1;
    if (level < minimum) {
      belowMinimum += 1;
      shortfall += minimum - level;
    }
    if (level < preferred) {
      const recommendedAction = actionsFor(person, competency.competencyId, catalogue);
      if (level < minimum && recommendedAction.length === 0) untrainable += 1;
      trainingGap.push({ competencyId: competency.competencyId, recommendedAction, currentLevel: found.level });
    }
    notes.push(
      `${competency.title}: ${found.level ?? 'no evidence'}${found.evidence.length ? ` (${found.evidence.join('; ')})` : ''}`,
    );
  }
  const count = position.competencies.length;
  const ready = belowMinimum === 0;
  const recommended = !ready && untrainable === 0 && shortfall <= count;
  const verdict = ready
    ? `Ready: meets every minimum; at the preferred level in ${atPreferred} of ${count}.`
    : `${recommended ? 'Recommended' : 'Not ready'}: below the minimum in ${belowMinimum} of ${count} (short by ${shortfall} level${shortfall === 1 ? '' : 's'}).`;
  const reason = `${verdict} ${notes.join(' | ')}`;
  return {
    candidate: {
      candidateId: person.record.userId,
      trainingGap,
      reason: reason.length > 1000 ? `${reason.slice(0, 997)}...` : reason,
    },
    ready,
    recommended,
    atPreferred,
    total,
    shortfall,
  };
}

const byId = (a: Rated, b: Rated) => (a.candidate.candidateId < b.candidate.candidateId ? -1 : 1);

/** How many candidates of each list a position gets: three per opening, at least five. */
export const listLength = (count: number) => Math.min(500, Math.max(5, count * 3));

export function rankCandidates(
  positions: readonly CandidatePosition[],
  people: readonly Person[],
  catalogue: Catalogue,
): CandidatesResponse {
  return {
    positions: positions.map((position) => {
      const rated = people.map((person) => rate(person, position, catalogue));
      const ready = rated
        .filter((r) => r.ready)
        .sort((a, b) => b.atPreferred - a.atPreferred || b.total - a.total || byId(a, b));
      const recommended = rated
        .filter((r) => r.recommended)
        .sort((a, b) => a.shortfall - b.shortfall || b.total - a.total || byId(a, b));
      const limit = listLength(position.count);
      return {
        title: position.title,
        readyCandidates: ready.slice(0, limit).map((r) => r.candidate),
        recommendedCandidates: recommended.slice(0, limit).map((r) => r.candidate),
      };
    }),
  };
}
