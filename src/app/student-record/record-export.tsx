/**
 * A student's record handed over: "Print / save as PDF" and "Download (CSV)"
 * of every entry (the page renders a long record a page at a time; these
 * read the whole record first, see export-actions), and the print sheet:
 * the student at a glance and the classes shared on top, then each entry
 * with what it is, who wrote it and when.
 */
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { Roster } from '../../../contract/roster';
import type { UserSummary } from '../../../contract/users';
import { ExportActions } from '../../components/export-actions';
import { PrintHeader, PrintSheet, usePrintSheet } from '../../components/print-sheet';
import type { RosterNames } from '../../components/roster-fields';
import { WrittenLine } from '../../components/written-line';
import { summarize } from '../../features/roster/activity-summary';
import { StudentSummary, workFactsOf } from '../../features/roster/components/student-summary';
import { accessQueries } from '../../lib/access/access-queries';
import type { PlatformRoster } from '../../lib/api/roster-queries';
import { csvText } from '../../lib/export/csv';
import { downloadCsv } from '../../lib/export/download-text';
import { formatCount } from '../../lib/format/plain-format';
import { type ExportedEntry, exportedEntries, recordCsvRows, recordFileName } from './record-export-model';
import { countEntries, describeCounts, standing } from './record-model';
import type { ShownRecord } from './record-queries';

interface RecordExportProps {
  readonly userId: string;
  /** The student's name as the page heads it; undefined where nothing names them. */
  readonly name: string | undefined;
  readonly student: UserSummary | null;
  readonly roster: PlatformRoster | null | undefined;
  /** The viewer's classes the person is in. */
  readonly shared: Roster | null;
  readonly names: RosterNames;
  readonly selfId: string;
  readonly record: UseQueryResult<ShownRecord>;
}

export function RecordExport({ userId, name, student, roster, shared, names, selfId, record }: RecordExportProps) {
  const me = useQuery(accessQueries.myProfile());
  const myName = me.data ? `${me.data.firstName} ${me.data.lastName}`.trim() : undefined;
  const { sheet, print } = usePrintSheet(record.data);
  const self = { userId: selfId, name: myName };
  const studentName = name ?? 'Student';

  // The whole record, read again where it may have changed since the page read it.
  const load = async (): Promise<ShownRecord> => {
    if (record.data && !record.isStale) return record.data;
    const fresh = await record.refetch({ throwOnError: true });
    if (!fresh.data) throw new Error('The record could not be read.');
    return fresh.data;
  };

  return (
    <>
      <ExportActions
        label="Hand over this record"
        what="the whole record"
        load={load}
        onPrint={print}
        onDownload={(data) => {
          const entries = exportedEntries(data.entries, names, self);
          const fileName = recordFileName(studentName, new Date());
          downloadCsv(fileName, csvText(recordCsvRows(entries)));
          return `Downloaded ${fileName}: ${formatCount(entries.length)} ${entries.length === 1 ? 'entry' : 'entries'}.`;
        }}
      />
      {sheet ? (
        <PrintSheet label="Printed record">
          <PrintHeader
            title={
              <>
                Student record: <bdi>{studentName}</bdi>
              </>
            }
            printedOn={sheet.printedOn}
            printedBy={myName}
          >
            {student ? (
              <p>
                <bdi>{student.handle}</bdi>
              </p>
            ) : null}
          </PrintHeader>
          <div className="print-sheet-block">
            <StudentSummary
              facts={workFactsOf(roster?.people.get(userId))}
              activity={summarize(sheet.data.entries.filter(standing))}
            />
          </div>
          {shared && shared.classes.length > 0 ? (
            <div className="print-sheet-block">
              <h3>Classes</h3>
              <ul>
                {shared.classes.map((c) => (
                  <li key={c.classId}>
                    <bdi>{c.className || 'A class you train'}</bdi>
                    {c.courseName ? (
                      <>
                        {' ('}
                        <bdi>{c.courseName}</bdi>)
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="print-sheet-block">
            <h3>{describeCounts(countEntries(sheet.data.entries))}</h3>
            {sheet.data.dated ? (
              <p>Newest first.</p>
            ) : (
              <p>
                This platform does not say when a comment or note was written: comments come first, then notes, each as
                the platform lists them.
              </p>
            )}
          </div>
          <ol className="print-sheet-list">
            {exportedEntries(sheet.data.entries, names, self).map((entry) => (
              <PrintedEntry key={entry.key} entry={entry} />
            ))}
          </ol>
        </PrintSheet>
      ) : null}
    </>
  );
}

function PrintedEntry({ entry }: { readonly entry: ExportedEntry }) {
  const place = [
    ['Class', entry.className],
    ['Course', entry.courseName],
    ['Lesson', entry.lessonName],
  ].filter(([, value]) => value);
  return (
    <li className="print-sheet-entry">
      <p>
        <strong>{entry.kind}</strong>
        {place.map(([label, value]) => (
          <span key={label}>
            {' · '}
            {label}: <bdi>{value}</bdi>
          </span>
        ))}
      </p>
      {entry.author || entry.writtenAt ? (
        <WrittenLine by={entry.author} at={entry.writtenAt ?? undefined} />
      ) : (
        <p className="entry-written">Who wrote it and when is not known.</p>
      )}
      <p className="print-sheet-text" dir="auto">
        {entry.text}
      </p>
    </li>
  );
}
