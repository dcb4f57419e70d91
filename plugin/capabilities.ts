/**
 * Capabilities search: the competencies a position needs, from its AFSC,
 * knowledge level and exact-match flag.
 *
 * - The specialty's own competencies are preferred at the level that matches
 *   the knowledge level (apprentice basic ... superintendent expert).
 * - Without exact match, competencies of the same career field (the first two
 *   characters of the AFSC) are added one level lower; with exact match they
 *   are offered as additional competencies instead.
 * - Cross-cutting competencies (leadership, instruction, ...) are always
 *   offered as additional competencies.
 */
import {
  type AdditionalCompetency,
  type CapabilitiesRequest,
  type CapabilitiesResponse,
  type Competency,
  type CompetencyLevel,
  competencyLevels,
  competencyRank,
} from '../contract/mission-planner.ts';
import {
  careerFieldOf,
  coreDutiesOf,
  type FrameworkCompetency,
  generalCompetencies,
  parseAfsc,
  preferredLevelOf,
  specialtyCompetencies,
} from './framework.ts';

export function oneLevelBelow(level: CompetencyLevel): CompetencyLevel {
  return competencyLevels[Math.max(0, competencyRank(level) - 1)] ?? 'basic';
}

/** The framework competencies a position needs: its specialty's own, then (without exact match) related ones. */
export function competenciesFor(afsc: string, exactMatch: boolean) {
  const { specialty, careerField } = parseAfsc(afsc);
  const own = specialtyCompetencies.filter((k) => k.specialties.includes(specialty));
  const related = specialtyCompetencies.filter(
    (k) => !own.includes(k) && k.specialties.some((s) => careerFieldOf(s) === careerField),
  );
  return {
    core: own.length > 0 ? own : [coreDutiesOf(specialty)],
    related: exactMatch ? [] : related,
    notIncluded: exactMatch ? related : [],
  };
}

export function deriveCapabilities(request: CapabilitiesRequest): CapabilitiesResponse {
  const listed = new Set<string>();
  const offered: FrameworkCompetency[] = [];
  const positions = request.positions.map((position) => {
    const preferred = preferredLevelOf[position.knowledgeLevel];
    const { core, related, notIncluded } = competenciesFor(position.afsc, position.exactMatch);
    const competencies: Competency[] = [
      ...core.map((k) => ({ competencyId: k.competencyId, title: k.title, preferredCompetencyLevel: preferred })),
      ...related.map((k) => ({
        competencyId: k.competencyId,
        title: k.title,
        preferredCompetencyLevel: oneLevelBelow(preferred),
      })),
    ];
    for (const k of competencies) listed.add(k.competencyId);
    offered.push(...notIncluded);
    return { title: position.title, competencies };
  });
  const additional = new Map<string, AdditionalCompetency>();
  for (const k of [...offered, ...generalCompetencies]) {
    if (!listed.has(k.competencyId)) additional.set(k.competencyId, { competencyId: k.competencyId, title: k.title });
  }
  return { positions, additionalCompetencies: [...additional.values()] };
}
