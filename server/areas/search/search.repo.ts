/**
 * Search: the comments and the notes the viewer may read (the readable
 * entries of access/entries.ts, so exactly what the lists let them read),
 * narrowed to those holding every word and by the filters, each kind one
 * keyset stream by its own order. The only queries of the area.
 *
 * SQLite finds the words through the FTS5 tables `comments_search` and
 * `notes_search`, PostgreSQL through the stored `search` tsvector columns
 * (migration 011). Relevance is FTS5's bm25 (negated, so larger is better)
 * or PostgreSQL's ts_rank; newest is the lists' order (seq, newest first).
 * A search without words reads the readable entries by the filters alone,
 * newest first, as the lists do.
 */
import { type Expression, type InferResult, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { SearchFilters, SearchWord } from '../../../contract/search.ts';
import { readableComments, readableCommentsByWay, readableNotes, readableNotesByWay } from '../../access/entries.ts';
import { engineOf, type Queryable } from '../../data/database.ts';

export type SearchOrder = 'relevance' | 'newest';

/** Where a stream resumes: rows after (score, seq) in its order; `seq` null on a first page. */
export interface StreamPosition {
  readonly score: number;
  readonly seq: number | null;
}

export interface StreamRequest {
  readonly words: readonly SearchWord[];
  readonly filters: SearchFilters;
  readonly order: SearchOrder;
  readonly after: StreamPosition;
  /** Rows to read at most. */
  readonly limit: number;
}

/** One entry found, as its stream reads it. */
export interface FoundRow {
  readonly seq: number;
  readonly score: number;
  readonly id: string;
  readonly personId: string;
  readonly studentId: string | null;
  readonly classId: string | null;
  readonly courseId: string | null;
  readonly lessonId: string | null;
  readonly authorId: string;
  readonly createdAt: number;
  readonly text: string;
}

const DAY = 24 * 60 * 60;
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** FTS5's query: each word quoted (a word is letters and digits only, so nothing else is read as syntax), `*` for a prefix; all must occur. */
const ftsQuery = (words: readonly SearchWord[]) =>
  words.map((w) => `"${w.word.replaceAll('"', '""')}"${w.prefix ? ' *' : ''}`).join(' ');

/** PostgreSQL's tsquery of the same words: `&` between them, `:*` for a prefix. */
const tsQuery = (words: readonly SearchWord[]) =>
  words.map((w) => `'${w.word.replaceAll("'", "''")}'${w.prefix ? ':*' : ''}`).join(' & ');

/** The columns a stream narrows and reads, by table alias. */
interface StreamColumns {
  readonly alias: 'c' | 'n';
  readonly table: 'comments' | 'notes';
  readonly filters: { readonly [K in 'classId' | 'courseId' | 'lessonId' | 'studentId' | 'userId']: string };
}

const commentColumns: StreamColumns = {
  alias: 'c',
  table: 'comments',
  filters: {
    classId: 'c.class_id',
    courseId: 'c.course_id',
    lessonId: 'c.lesson_id',
    studentId: 'c.student_id',
    userId: 'st.user_id',
  },
};

const noteColumns: StreamColumns = {
  alias: 'n',
  table: 'notes',
  filters: {
    classId: 'n.class_id',
    courseId: 'n.course_id',
    lessonId: 'n.lesson_id',
    studentId: 'n.student_id',
    userId: 'n.user_id',
  },
};

/**
 * What both kinds' selects need narrowed: the words, the filters, the
 * position and the order, as conditions on the select's own aliases.
 */
function narrowing(q: Queryable, columns: StreamColumns, viewerId: string, request: StreamRequest) {
  const { alias, table } = columns;
  const sqlite = engineOf(q) === 'sqlite';
  const byWords = request.words.length > 0;
  // SQLite joins the FTS table only when there are words to find.
  const viaFts = sqlite && byWords;
  // On SQLite the order and the keyset name the FTS table's rowid (the row's seq): FTS5 then reads its
  // matches newest first and stops at the page, instead of sorting every match.
  const seq = sql.ref<number>(viaFts ? 'f.rowid' : `${alias}.seq`);
  const fts = `${table}_search`;
  // Newest first needs no score, and FTS5's bm25 reads every match of each word (for their frequencies)
  // even when the page stops at the twentieth row.
  const score: RawBuilder<number> =
    request.order === 'newest'
      ? sql<number>`0`
      : sqlite
        ? sql<number>`(-bm25(${sql.ref(`f.${fts}`)}))`
        : sql<number>`CAST(ts_rank(${sql.ref(`${alias}.search`)}, to_tsquery('simple', ${tsQuery(request.words)})) AS DOUBLE PRECISION)`;
  const conditions: RawBuilder<SqlBool>[] = [];
  if (byWords)
    conditions.push(
      sqlite
        ? sql<SqlBool>`${sql.ref(`f.${fts}`)} MATCH ${ftsQuery(request.words)}`
        : sql<SqlBool>`${sql.ref(`${alias}.search`)} @@ to_tsquery('simple', ${tsQuery(request.words)})`,
    );
  const { filters } = request;
  for (const name of ['classId', 'courseId', 'lessonId', 'studentId', 'userId'] as const) {
    const value = filters[name];
    if (value !== undefined) conditions.push(sql<SqlBool>`${sql.ref(columns.filters[name])} = ${value}`);
  }
  const author = sql.ref<string>(`${alias}.author_id`);
  if (filters.author === 'me') conditions.push(sql<SqlBool>`${author} = ${viewerId}`);
  if (filters.author === 'others') conditions.push(sql<SqlBool>`${author} <> ${viewerId}`);
  const createdAt = sql.ref<number>(`${alias}.created_at`);
  if (filters.from !== undefined) conditions.push(sql<SqlBool>`${createdAt} >= ${dayStart(filters.from)}`);
  if (filters.to !== undefined) conditions.push(sql<SqlBool>`${createdAt} < ${dayStart(filters.to) + DAY}`);
  const { after } = request;
  if (after.seq !== null) {
    conditions.push(
      request.order === 'newest'
        ? sql<SqlBool>`${seq} < ${after.seq}`
        : sql<SqlBool>`(${score} < ${after.score} OR (${score} = ${after.score} AND ${seq} < ${after.seq}))`,
    );
  }
  // The keyset's order, newest first or by score then newest: the same for comments and notes.
  const order = request.order === 'newest' ? sql`${seq} DESC` : sql`score DESC, ${seq} DESC`;
  const where = conditions.length > 0 ? sql<SqlBool>`${sql.join(conditions, sql` AND `)}` : sql<SqlBool>`TRUE`;
  // PostgreSQL finds words of one class or of one author in one index (migration 016, `(class_id, search)`
  // and `(author_id, search)`), which the read rule's OR of the two keeps it from using: by relevance it
  // would find every match in the whole table and read each row to test the rule. So a search by
  // relevance reads the entries of each way of being a reader apart (none in two), each cut to the
  // page, and adds them up. Newest first reads the entries backwards by seq and stops at the page,
  // which the OR serves as well.
  const byWay = !sqlite && byWords && request.order === 'relevance';
  return { viaFts, byWay, fts, score, seq, order, where };
}

/**
 * The pages of each way of being a reader (no entry in two), together, cut to
 * one page again in the keyset's order (by relevance: only a search by
 * relevance reads the ways apart). Each page is already narrowed, ordered and
 * cut, so the page of all of them is among their rows.
 */
function united<Row>(q: Queryable, pages: readonly Expression<unknown>[], request: StreamRequest) {
  const union = sql.join(
    pages.map((page) => sql`${page}`),
    sql` UNION ALL `,
  );
  return q.selectFrom(sql<Row>`(${union})`.as('u')).selectAll().orderBy(sql`score DESC, seq DESC`).limit(request.limit);
}

/** The comments of one stream's page, the query `searchRepo` runs. */
function commentsQuery(q: Queryable, viewerId: string, request: StreamRequest) {
  const n = narrowing(q, commentColumns, viewerId, request);
  const page = (select: ReturnType<typeof readableComments>) =>
    select
      .select(['c.student_id', n.score.as('score')])
      .where(n.where)
      .orderBy(n.order)
      .limit(request.limit);
  if (n.byWay)
    return united<InferResult<ReturnType<typeof page>>[number]>(
      q,
      readableCommentsByWay(q, viewerId).map(page),
      request,
    );
  let query = readableComments(q, viewerId);
  if (n.viaFts) query = query.innerJoin(sql.table(n.fts).as('f'), (join) => join.on(sql<SqlBool>`f.rowid = c.seq`));
  return page(query);
}

/** The notes of one stream's page, as `commentsQuery`. */
function notesQuery(q: Queryable, viewerId: string, request: StreamRequest) {
  const n = narrowing(q, noteColumns, viewerId, request);
  const page = (select: ReturnType<typeof readableNotes>) =>
    select.select(n.score.as('score')).where(n.where).orderBy(n.order).limit(request.limit);
  if (n.byWay)
    return united<InferResult<ReturnType<typeof page>>[number]>(q, readableNotesByWay(q, viewerId).map(page), request);
  let query = readableNotes(q, viewerId);
  if (n.viaFts) query = query.innerJoin(sql.table(n.fts).as('f'), (join) => join.on(sql<SqlBool>`f.rowid = n.seq`));
  return page(query);
}

export function searchRepo(q: Queryable) {
  return {
    async comments(viewerId: string, request: StreamRequest): Promise<FoundRow[]> {
      const rows = await commentsQuery(q, viewerId, request).execute();
      return rows.map((row) => ({
        seq: Number(row.seq),
        score: Number(row.score),
        id: row.comment_id,
        personId: row.student_user_id,
        studentId: row.student_id,
        classId: row.class_id,
        courseId: row.course_id,
        lessonId: row.lesson_id,
        authorId: row.author_id,
        createdAt: Number(row.created_at),
        text: row.text,
      }));
    },
    async notes(viewerId: string, request: StreamRequest): Promise<FoundRow[]> {
      const rows = await notesQuery(q, viewerId, request).execute();
      return rows.map((row) => ({
        seq: Number(row.seq),
        score: Number(row.score),
        id: row.note_id,
        personId: row.user_id,
        studentId: row.student_id,
        classId: row.class_id,
        courseId: row.course_id,
        lessonId: row.lesson_id,
        authorId: row.author_id,
        createdAt: Number(row.created_at),
        text: row.text,
      }));
    },
  };
}
