/**
 * One class handed over: "Print / save as PDF" and "Download (CSV)" of its
 * students with their counts and latest entries, after reading everything
 * written in the class (every page of its comments and notes; see
 * export-actions), and the class's print sheet.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassStudent, RosterClass } from '../../../../contract/roster';
import { ExportActions } from '../../../components/export-actions';
import { PrintHeader, PrintSheet, usePrintSheet } from '../../../components/print-sheet';
import { WrittenLine } from '../../../components/written-line';
import { accessQueries } from '../../../lib/access/access-queries';
import { csvText } from '../../../lib/export/csv';
import { downloadCsv } from '../../../lib/export/download-text';
import { formatCount, formatDay } from '../../../lib/format/plain-format';
import type { KindSummary } from '../activity-summary';
import { type ClassActivity, classActivityQueries } from '../api/class-activity-queries';
import { classCsvRows, classFileName, type ExportedStudent, exportedStudents } from '../class-export';

const studentsText = (n: number) => `${formatCount(n)} ${n === 1 ? 'student' : 'students'}`;

export function ClassExport({
  klass,
  members,
}: {
  readonly klass: RosterClass;
  readonly members: readonly ClassStudent[];
}) {
  const queryClient = useQueryClient();
  // Everything written in the class is read when the trainer hands it over, not to show the page: here only
  // what was read already (an earlier hand-over, or the page's own counting on a platform that reads the lists).
  const whole = useQuery({ ...classActivityQueries.of(klass.classId), enabled: false });
  const counts = useQuery(classActivityQueries.counts(klass.classId));
  const current = whole.data ?? (counts.data?.countedBy === 'lists' ? counts.data.activity : undefined);
  const me = useQuery(accessQueries.myProfile());
  const myName = me.data ? `${me.data.firstName} ${me.data.lastName}`.trim() : undefined;
  const { sheet, print } = usePrintSheet<ClassActivity>(current);
  const className = klass.className || 'A class you train';

  return (
    <>
      <ExportActions
        label={`Hand over ${className}`}
        what="the comments and notes about this class"
        // Every page of both lists, read again where they may have changed since the page read them.
        load={() => queryClient.fetchQuery(classActivityQueries.of(klass.classId))}
        onPrint={print}
        onDownload={(data) => {
          const students = exportedStudents(members, data);
          const fileName = classFileName(className, new Date());
          downloadCsv(fileName, csvText(classCsvRows(students)));
          return `Downloaded ${fileName}: ${studentsText(students.length)}.`;
        }}
      />
      {sheet ? (
        <PrintSheet label={`Printed class ${className}`}>
          <PrintHeader
            title={
              <>
                Class: <bdi>{className}</bdi>
              </>
            }
            printedOn={sheet.printedOn}
            printedBy={myName}
          >
            <p>
              {klass.courseName ? (
                <>
                  Course: <bdi>{klass.courseName}</bdi> ·{' '}
                </>
              ) : null}
              {studentsText(members.length)}
            </p>
          </PrintHeader>
          <table>
            <thead>
              <tr>
                <th scope="col">Student</th>
                <th scope="col">Comments</th>
                <th scope="col">Notes</th>
                <th scope="col">Latest entry</th>
              </tr>
            </thead>
            <tbody>
              {exportedStudents(members, sheet.data).map((student) => (
                <PrintedStudent key={student.key} student={student} />
              ))}
            </tbody>
          </table>
        </PrintSheet>
      ) : null}
    </>
  );
}

function Count({ summary }: { readonly summary: KindSummary }) {
  return (
    <>
      {formatCount(summary.count)}
      {summary.latest ? <>, latest {formatDay(summary.latest)}</> : null}
    </>
  );
}

function PrintedStudent({ student }: { readonly student: ExportedStudent }) {
  const { name, handle, facts, activity, latest } = student;
  const details = [facts.rank, facts.afsc, facts.dutyTitle].filter(Boolean).join(' · ');
  const any = activity.comments.count + activity.notes.count > 0;
  return (
    <tr>
      <th scope="row">
        <bdi>{name}</bdi>
        <br />
        <bdi>{handle}</bdi>
        {details ? (
          <>
            <br />
            {details}
          </>
        ) : null}
      </th>
      <td>
        <Count summary={activity.comments} />
      </td>
      <td>
        <Count summary={activity.notes} />
      </td>
      <td>
        {latest ? (
          <>
            <strong>{latest.kind}</strong>
            <WrittenLine by={latest.author} at={latest.writtenAt} />
            <span className="print-sheet-text" dir="auto">
              {latest.text}
            </span>
          </>
        ) : any ? (
          'Not known: this platform does not say when entries were written.'
        ) : (
          'Nothing written yet.'
        )}
      </td>
    </tr>
  );
}
