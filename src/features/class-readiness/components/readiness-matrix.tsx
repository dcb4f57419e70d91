/**
 * The class's students × the positions' competencies. Wide, a real table:
 * each column headed by its competency (and how many lack it), each row by
 * the student (where the plugin placed them, the projection, and a link to
 * what was written about them). On a narrow screen, one card per student
 * with the same words. Memoised: a what-if change re-renders only the rows
 * whose cells it changed.
 *
 * A big class is shown a screen first: the first render holds the students
 * who fit on one screen, with the calls of the columns a screen shows, and
 * React adds the rest in a background render it starts once that one is
 * committed, yielding to the browser to paint it (the table says it is busy
 * until every row is in). A class of 50 × 30 is 1,500 cells, and creating all
 * their nodes at once kept the first screen from the trainer for half a
 * second.
 */
import { type CSSProperties, Fragment, memo, useDeferredValue } from 'react';
import { Link } from 'react-router-dom';
import type { Column, ColumnCount, ReadinessMatrix, Row } from '../readiness-model';
import { lackingText } from '../readiness-model';
import { actionsText, placementText, projectionText, type TrainingNamer } from '../readiness-text';

export interface RowEvidence {
  readonly text: string;
  readonly stale: boolean;
  readonly href: string;
}

interface MatrixProps {
  readonly className: string;
  readonly matrix: ReadinessMatrix;
  readonly name: TrainingNamer;
  readonly evidence: (userId: string) => RowEvidence;
  readonly wide: boolean;
}

/**
 * About a screen of students: the table rows a 1280 × 800 screen can hold (a
 * row is at least its student's heading, name, placement and link, 118px,
 * under a 119px row of column headings: 6 at most, 4 when the rows have
 * gaps, measured on the readiness bench's page); on a phone, cards enough for
 * about a screen of competencies (a competency takes a few lines of a card:
 * one card of 30 fills more than a screen, one of 3 does not).
 */
const FIRST_ROWS = 6;
/**
 * The most columns a screen shows beside the students' names: the matrix is
 * the main column of the page's grid, at most 54.5rem wide (the page's 80rem
 * less its 1rem padding each side, the 22rem side column and the 1.5rem gap;
 * narrower than 60rem the side column goes above and the matrix has 58rem at
 * most), which is the names' 14rem and under 5 columns of 9rem, at any zoom.
 * On the first render the other cells of the first rows are written empty, in
 * their column with their call's class, and filled in the background render
 * that adds the other rows. Their calls were a third of the first render's
 * nodes for a class of 30 competencies.
 */
export const FIRST_COLUMNS = 5;
const FIRST_CARD_LINES = 12;
export const firstShown = (wide: boolean, columns: number): number =>
  wide ? FIRST_ROWS : Math.max(1, Math.ceil(FIRST_CARD_LINES / Math.max(1, columns)));

/**
 * How many of `total` students to render: a screen's worth (`first`) on the
 * first render, then all of them in a background render React starts as soon
 * as that one is committed (and an interaction comes first, if there is one).
 */
function useShownCount(total: number, first: number): number {
  return useDeferredValue(total, Math.min(total, first));
}

/**
 * The matrix, as a table or as cards: each its own mount (keyed by the
 * screen's width), so crossing the width shows the new form a screen first
 * too, instead of all of it in one render.
 */
export function ReadinessMatrixView(props: MatrixProps) {
  return <MatrixShown key={props.wide ? 'table' : 'cards'} {...props} />;
}

function MatrixShown({ className, matrix, name, evidence, wide }: MatrixProps) {
  const several = matrix.positions.length > 1;
  const shown = useShownCount(matrix.rows.length, firstShown(wide, matrix.columns.length));
  const rows = shown < matrix.rows.length ? matrix.rows.slice(0, shown) : matrix.rows;
  const busy = rows.length < matrix.rows.length;
  if (!wide) {
    return (
      <ul
        className="readiness-cards"
        aria-label={`Readiness of ${className}, one student a card`}
        aria-busy={busy}
        // A card's height before it is first laid out (off screen), so the page's length is about right.
        style={{ '--readiness-card-lines': matrix.columns.length } as CSSProperties}
      >
        {rows.map((row) => (
          <StudentCard
            key={row.member.userId}
            row={row}
            columns={matrix.columns}
            counts={matrix.counts}
            positions={matrix.positions}
            name={name}
            evidence={evidence(row.member.userId)}
          />
        ))}
      </ul>
    );
  }
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
    <section className="readiness-scroll" tabIndex={0} aria-label="Readiness matrix, scrolls sideways">
      <table className="readiness-table" aria-busy={busy}>
        <caption>
          Readiness of <bdi>{className}</bdi>: students × competencies
        </caption>
        <thead>
          <tr>
            <th scope="col">Student</th>
            {matrix.columns.map((column, index) => (
              <th scope="col" key={column.key}>
                <bdi>{column.title}</bdi>
                {several ? (
                  <span className="readiness-sub">
                    {' '}
                    · <bdi>{column.positionTitle}</bdi>
                  </span>
                ) : null}
                {/* Each line one text node: every heading is written on the first screen. */}
                <span className="readiness-sub">{` · preferred ${column.preferred}`}</span>
                <span className="readiness-lacking">{` · ${lackingText(matrix.counts[index] as ColumnCount)}`}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <MatrixRow
              key={row.member.userId}
              row={row}
              positions={matrix.positions}
              name={name}
              evidence={evidence(row.member.userId)}
              filled={busy ? FIRST_COLUMNS : row.cells.length}
            />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Placements({ row, positions }: { readonly row: Row; readonly positions: readonly string[] }) {
  return (
    <>
      {row.placements.map((placement, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positions keep their order.
        <span key={index} className={`readiness-placement readiness-${placement}`}>
          {positions.length > 1 ? (
            <>
              <bdi>{positions[index]}</bdi>:{' '}
            </>
          ) : null}
          {placementText[placement]}
          {row.projections[index] === 'becomes-ready' || row.projections[index] === 'gaps-remain' ? (
            <>
              {' '}
              · <span className="readiness-projection">Projection: {projectionText[row.projections[index]]}</span>
            </>
          ) : null}
        </span>
      ))}
    </>
  );
}

function Evidence({ evidence, member }: { readonly evidence: RowEvidence; readonly member: Row['member'] }) {
  return (
    <span className={evidence.stale ? 'readiness-evidence readiness-stale' : 'readiness-evidence'}>
      <Link to={evidence.href}>
        What was written about <bdi>{member.name}</bdi>
      </Link>
      {` · ${evidence.text}`}
    </span>
  );
}

/** The class a cell's element carries for its call. */
function callClass(cell: Row['cells'][number]): string {
  if (cell.kind === 'ready') return 'readiness-cell-ready';
  if (cell.kind === 'unknown') return 'readiness-cell-unknown';
  return cell.closedByPlan ? 'readiness-cell-gap readiness-cell-planned' : 'readiness-cell-gap';
}

/**
 * A cell's call in as few nodes as say it (the cell's own element carries its
 * class): a class of 50 × 30 has 1,500 of them, and creating their nodes is
 * most of the matrix's first render.
 */
function callOf(cell: Row['cells'][number], name: TrainingNamer) {
  if (cell.kind === 'ready') return 'Ready';
  if (cell.kind === 'unknown') return 'Not known';
  return (
    <>
      <strong>Gap</strong>
      {`${cell.currentLevel !== undefined ? ` (now ${cell.currentLevel ?? 'no evidence'})` : ''}: `}
      <bdi>{actionsText(cell.actions, name)}</bdi>
      {cell.closedByPlan ? <em> Closed by planned training (projection)</em> : null}
    </>
  );
}

const MatrixRow = memo(
  function MatrixRow({
    row,
    positions,
    name,
    evidence,
    filled,
  }: RowShown & {
    /** How many of its cells say their call: the rest are written empty until the background render fills them. */
    readonly filled: number;
  }) {
    return (
      <tr>
        <th scope="row">
          <span className="readiness-name">
            <bdi>{row.member.name}</bdi>
          </span>
          <Placements row={row} positions={positions} />
          <Evidence evidence={evidence} member={row.member} />
        </th>
        {row.cells.map((cell, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: cells follow the columns' order.
          <td key={index} className={callClass(cell)}>
            {index < filled ? callOf(cell, name) : null}
          </td>
        ))}
      </tr>
    );
  },
  (a, b) => a.filled === b.filled && sameRow(a, b),
);

const StudentCard = memo(function StudentCard({
  row,
  columns,
  counts,
  positions,
  name,
  evidence,
}: {
  readonly row: Row;
  readonly columns: readonly Column[];
  readonly counts: readonly ColumnCount[];
  readonly positions: readonly string[];
  readonly name: TrainingNamer;
  readonly evidence: RowEvidence;
}) {
  const headingId = `readiness-card-${row.member.userId}`;
  return (
    <li>
      <article className="readiness-card" aria-labelledby={headingId}>
        <h3 id={headingId}>
          <bdi>{row.member.name}</bdi>
        </h3>
        <p>
          <Placements row={row} positions={positions} />
        </p>
        <p>
          <Evidence evidence={evidence} member={row.member} />
        </p>
        <dl>
          {columns.map((column, index) => (
            <Fragment key={column.key}>
              <dt>
                <bdi>{column.title}</bdi>
                {positions.length > 1 ? (
                  <>
                    {' · '}
                    <bdi>{column.positionTitle}</bdi>
                  </>
                ) : null}
                <span className="readiness-sub">{` (${lackingText(counts[index] as ColumnCount)})`}</span>
              </dt>
              <dd className={callClass(row.cells[index] as Row['cells'][number])}>
                {callOf(row.cells[index] as Row['cells'][number], name)}
              </dd>
            </Fragment>
          ))}
        </dl>
      </article>
    </li>
  );
}, sameCard);

/** A card re-renders when its row would, or when a column's heading words changed. */
function sameCard(
  a: RowShown & { readonly columns: readonly Column[]; readonly counts: readonly ColumnCount[] },
  b: RowShown & { readonly columns: readonly Column[]; readonly counts: readonly ColumnCount[] },
): boolean {
  return (
    sameRow(a, b) &&
    a.columns.length === b.columns.length &&
    a.columns.every((column, i) => {
      const other = b.columns[i];
      return (
        other !== undefined &&
        column.key === other.key &&
        column.title === other.title &&
        column.positionTitle === other.positionTitle
      );
    }) &&
    a.counts.every((count, i) => {
      const other = b.counts[i];
      return other !== undefined && lackingText(count) === lackingText(other);
    })
  );
}

interface RowShown {
  readonly row: Row;
  readonly positions: readonly string[];
  readonly name: TrainingNamer;
  readonly evidence: RowEvidence;
}

/** A row re-renders when what it shows changed: its cells' closing by plan, its evidence, the positions or the names. */
function sameRow(a: RowShown, b: RowShown): boolean {
  return (
    a.name === b.name &&
    a.positions.length === b.positions.length &&
    a.positions.every((title, i) => title === b.positions[i]) &&
    a.evidence.text === b.evidence.text &&
    a.evidence.href === b.evidence.href &&
    a.row.member === b.row.member &&
    a.row.remaining === b.row.remaining &&
    a.row.projections.join() === b.row.projections.join() &&
    a.row.placements.join() === b.row.placements.join() &&
    a.row.cells.length === b.row.cells.length &&
    a.row.cells.every((cell, i) => {
      const other = b.row.cells[i];
      return (
        other !== undefined &&
        cell.kind === other.kind &&
        (cell.kind !== 'gap' ||
          (other.kind === 'gap' && cell.actions === other.actions && cell.closedByPlan === other.closedByPlan))
      );
    })
  );
}
