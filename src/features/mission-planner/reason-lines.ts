import type { CompetencyLevel, RequiredCompetency, TrainingGap } from '../../../contract/mission-planner';

/**
 * A plugin's reason for placing a candidate (an extension: one free string)
 * as the lines a person reads: one per line break or `|`, and one per
 * sentence, so a verdict and its evidence are not one run-on line. Nothing
 * inside brackets is split: the evidence of one competency stays together.
 */
export function reasonLines(reason: string): string[] {
  const lines: string[] = [];
  for (const part of reason.split(/\r?\n|\s\|\s|\|/)) {
    let depth = 0;
    let start = 0;
    for (let index = 0; index < part.length; index += 1) {
      const char = part[index];
      if (char === '(' || char === '[') depth += 1;
      else if ((char === ')' || char === ']') && depth > 0) depth -= 1;
      else if (depth === 0 && /[.!?]/.test(char ?? '') && /^\s+\S/.test(part.slice(index + 1))) {
        // A sentence ends where a capital or a quote opens the next one.
        const next = part.slice(index + 1).trimStart()[0] ?? '';
        if (/[A-Z0-9"“(]/.test(next)) {
          lines.push(part.slice(start, index + 1));
          start = index + 1;
        }
      }
    }
    lines.push(part.slice(start));
  }
  return lines.map((line) => line.trim()).filter((line) => line.length > 0);
}

/** One competency a position requires, with what the plugin answered about a candidate in it. */
export interface CompetencyLine {
  readonly title: string;
  readonly required: CompetencyLevel;
  readonly preferred: CompetencyLevel;
  /** In words: no gap, or the gap and the level the plugin found. */
  readonly answered: string;
}

/**
 * Each competency of a position asked, in the order asked, with the required
 * (minimum) and preferred levels and the plugin's answer for this candidate:
 * a competency without a training gap is at the preferred level by the
 * plugin's word; one with a gap says the level found, if the plugin sent it.
 */
export function competencyLines(
  competencies: readonly RequiredCompetency[],
  gaps: readonly TrainingGap[],
): CompetencyLine[] {
  const byId = new Map(gaps.map((gap) => [gap.competencyId, gap]));
  return competencies.map((competency) => {
    const gap = byId.get(competency.competencyId);
    const answered =
      gap === undefined
        ? 'no training gap'
        : gap.currentLevel === undefined
          ? 'a training gap'
          : gap.currentLevel === null
            ? 'a training gap, no evidence of a level'
            : `a training gap, now ${gap.currentLevel}`;
    return {
      title: competency.title,
      required: competency.minimumRequirement,
      preferred: competency.preferredRequirement,
      answered,
    };
  });
}
