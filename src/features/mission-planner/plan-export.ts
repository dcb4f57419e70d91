/**
 * The plan as a CSV file a trainer can open in a spreadsheet: one row per
 * candidate per position, those in slots first, then the shortlist, then the
 * rest as the plugin ranked them, written as every export is (lib/export/csv:
 * quoted, and safe from formula injection).
 */
import type { CandidatePosition, PlannerCandidatesResult } from '../../../contract/mission-planner';
import { exportFileName } from '../../lib/export/csv';
import { afscFlag } from './afsc-match';
import type { PlanNames } from './api/plan-names';
import { levelLabel } from './planner-model';

export const csvHeader = [
  'Position',
  'Number needed',
  'Pick',
  'Name',
  'AFSC',
  'AFSC check',
  'Duty title',
  'Placed by the plugin',
  'Training gaps',
  'Record',
] as const;

export interface PlanForExport {
  readonly asked: readonly CandidatePosition[];
  /** The AFSC each position names, by its index ('' for none). */
  readonly afscs: readonly string[];
  readonly results: readonly PlannerCandidatesResult[];
  readonly shortlist: readonly (readonly string[])[];
  readonly slots: readonly (readonly string[])[];
  readonly names: PlanNames;
  /** The address of a person's record, as a link another trainer can open (students of the trainer's classes only). */
  readonly recordUrl: (userId: string) => string;
}

const named = (ids: readonly string[], name: (id: string) => string | undefined, kind: string) =>
  ids.map((id) => name(id) ?? `${kind} ${id}`).join(', ');

/** One candidate of one position, as the file's row holds it. */
export interface PlanEntry {
  /** The position's place among those asked. */
  readonly position: number;
  readonly cells: readonly string[];
}

export function planEntries(plan: PlanForExport): PlanEntry[] {
  const entries: PlanEntry[] = [];
  for (const result of plan.results) {
    if (result.status !== 'ok') continue;
    result.candidates.positions.forEach((position, index) => {
      const asked = plan.asked[index];
      const competencies = new Map((asked?.competencies ?? []).map((c) => [c.competencyId, c]));
      const slots = plan.slots[index] ?? [];
      const shortlist = plan.shortlist[index] ?? [];
      const placed = [
        ...position.readyCandidates.map((candidate) => ({ candidate, placed: 'Ready' })),
        ...position.recommendedCandidates.map((candidate) => ({ candidate, placed: 'Trainable' })),
      ];
      const rank = ({ candidate }: (typeof placed)[number]) => {
        const slot = slots.indexOf(candidate.candidateId);
        if (slot !== -1) return slot;
        const listed = shortlist.indexOf(candidate.candidateId);
        return listed !== -1 ? slots.length + listed : Number.MAX_SAFE_INTEGER;
      };
      const ordered = placed
        .map((entry, order) => ({ ...entry, order }))
        .sort((a, b) => rank(a) - rank(b) || a.order - b.order);
      for (const { candidate, placed: verdict } of ordered) {
        const person = plan.names.person(candidate.candidateId);
        const slot = slots.indexOf(candidate.candidateId);
        const pick = slot !== -1 ? `Slot ${slot + 1}` : shortlist.includes(candidate.candidateId) ? 'Shortlisted' : '';
        const gaps = candidate.trainingGap.map((gap) => {
          const competency = competencies.get(gap.competencyId);
          const level =
            gap.currentLevel !== undefined
              ? ` (now ${levelLabel(gap.currentLevel)}${competency ? `, preferred ${competency.preferredRequirement}` : ''})`
              : '';
          const actions = gap.recommendedAction.map((action) =>
            action.type === 'course'
              ? `courses: ${named(action.objectIds, plan.names.course, 'course')}`
              : `objectives: ${named(action.objectIds, plan.names.objective, 'objective')}`,
          );
          return `${competency?.title ?? gap.competencyId}${level}${actions.length > 0 ? `: ${actions.join('; ')}` : ''}`;
        });
        entries.push({
          position: index,
          cells: [
            position.title,
            String(asked?.count ?? ''),
            pick,
            person?.displayName ?? 'Name not available',
            person?.afsc ?? '',
            afscFlag(plan.afscs[index] ?? '', person) ?? '',
            person?.dutyTitle ?? '',
            verdict,
            gaps.join('\n'),
            // A record the trainer cannot open is no link: the file says why instead.
            person === undefined
              ? ''
              : person.inYourClasses
                ? plan.recordUrl(candidate.candidateId)
                : 'Not in your classes',
          ],
        });
      }
    });
  }
  return entries;
}

export function planRows(plan: PlanForExport): string[][] {
  return [[...csvHeader], ...planEntries(plan).map((entry) => [...entry.cells])];
}

export const planFileName = (today: Date) => exportFileName(['mission plan'], today);
