/**
 * The plan on paper: what "Print plan" prints instead of the page. Per
 * position, its summary, who is in its slots and who is shortlisted, with
 * their AFSC, duty title and training gaps by name. Hidden on screen (the
 * page shows the same, with its controls); the print stylesheet shows only it
 * (components/print-sheet).
 */
import type { CandidatePosition, PlannerCandidatesResult } from '../../../../contract/mission-planner';
import { PrintSheet } from '../../../components/print-sheet';
import { formatDay } from '../../../lib/format/plain-format';
import type { PlanNames } from '../api/plan-names';
import { planEntries } from '../plan-export';
import { positionSummary } from './candidate-results';

interface PlanSheetProps {
  readonly pluginName: string;
  readonly asked: readonly CandidatePosition[];
  readonly afscs: readonly string[];
  readonly results: readonly PlannerCandidatesResult[];
  readonly shortlist: readonly (readonly string[])[];
  readonly slots: readonly (readonly string[])[];
  readonly names: PlanNames;
  readonly printedOn: Date;
}

export function PlanSheet({ pluginName, asked, afscs, results, shortlist, slots, names, printedOn }: PlanSheetProps) {
  // The sheet reads the rows the CSV holds, so paper and file say the same.
  const entries = planEntries({ asked, afscs, results, shortlist, slots, names, recordUrl: () => '' });
  return (
    <PrintSheet className="planner-sheet" label="Printed plan">
      <h2>Mission plan</h2>
      <p>
        {formatDay(printedOn)} · candidates found by {pluginName}
      </p>
      {results.flatMap((result) =>
        result.status === 'ok'
          ? result.candidates.positions.map((position, index) => {
              const picked = entries.filter((entry) => entry.position === index && entry.cells[2] !== '');
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the answer's positions follow the request's order.
                <section key={`${result.pluginId}-${index}`} className="planner-sheet-position">
                  <h3>{position.title}</h3>
                  <p>
                    {positionSummary(
                      asked[index]?.count ?? 0,
                      position.readyCandidates.length,
                      position.recommendedCandidates.length,
                    )}{' '}
                    · {slots[index]?.length ?? 0} in slots · {shortlist[index]?.length ?? 0} shortlisted
                  </p>
                  {picked.length === 0 ? (
                    <p>Nobody picked yet.</p>
                  ) : (
                    <table>
                      <thead>
                        <tr>
                          <th scope="col">Pick</th>
                          <th scope="col">Name</th>
                          <th scope="col">AFSC</th>
                          <th scope="col">Duty title</th>
                          <th scope="col">Training gaps</th>
                        </tr>
                      </thead>
                      <tbody>
                        {picked.map(({ cells: [, , pick, name, afsc, check, duty, , gaps, record] }) => (
                          <tr key={pick}>
                            <td>{pick}</td>
                            <td>
                              {name}
                              {record === 'Not in your classes' ? ' (not in your classes)' : ''}
                            </td>
                            <td>
                              {afsc}
                              {check ? ` (${check})` : ''}
                            </td>
                            <td>{duty}</td>
                            <td className="planner-sheet-gaps">{gaps || 'None'}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                </section>
              );
            })
          : [],
      )}
    </PrintSheet>
  );
}
