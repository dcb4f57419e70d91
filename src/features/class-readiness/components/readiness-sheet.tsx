/**
 * The class's readiness on paper: the rows the CSV file holds (placements,
 * each competency's cell, the projection and the planned training), so paper
 * and file say the same. Put on the page only to print (usePrintSheet).
 */
import { PrintHeader, PrintSheet } from '../../../components/print-sheet';
import { type ReadinessExport, readinessRows } from '../readiness-text';

export function ReadinessSheet({
  data,
  printedOn,
  pluginName,
}: {
  readonly data: ReadinessExport;
  readonly printedOn: Date;
  readonly pluginName: string;
}) {
  const [header = [], ...rows] = readinessRows({ ...data, recordUrl: () => '' });
  // The record's address means nothing on paper.
  const shown = header.length - 1;
  return (
    <PrintSheet className="readiness-sheet" label="Printed class readiness">
      <PrintHeader title={<>Readiness of {data.className}</>} printedOn={printedOn}>
        <p>
          Placed by {pluginName}. Projections assume the planned training is done; they are not the plugin’s answer.
        </p>
      </PrintHeader>
      <table>
        <thead>
          <tr>
            {header.slice(0, shown).map((cell) => (
              <th scope="col" key={cell}>
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows follow the class's order.
            <tr key={index}>
              {row.slice(0, shown).map((cell, c) =>
                c === 0 ? (
                  <th scope="row" key="name">
                    {cell}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells follow the header's order.
                  <td key={c}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </PrintSheet>
  );
}
