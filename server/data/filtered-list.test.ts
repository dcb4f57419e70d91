/**
 * One definition of a filtered list answers the whole list and its keyset
 * pages: the pages put together are the whole list, and each shape of query
 * is built (and compiled) once however many values run through it. The
 * list here is every note its viewer wrote, over the contract's note filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteFiltersSchema } from '../../contract/notes.ts';
import { type FreshDatabase, freshDatabase } from '../../testkit/engine.ts';
import type { Queryable } from './database.ts';
import { filteredList, type ListFilters } from './filtered-list.ts';
import { positionOf } from './paging.ts';

let fresh: FreshDatabase;
let writer: string;
let builds = 0;

const written = filteredList({
  name: 'test:notes-written',
  filters: noteFiltersSchema,
  select: (q: Queryable, viewerId: string) => {
    builds++;
    return q
      .selectFrom('notes as n')
      .select(['n.seq', 'n.note_id', 'n.category', 'n.student_id'])
      .where('n.author_id', '=', viewerId);
  },
  columns: {
    category: 'n.category',
    studentId: 'n.student_id',
    userId: 'n.user_id',
    classId: 'n.class_id',
    courseId: 'n.course_id',
    lessonId: 'n.lesson_id',
  },
  position: 'n.seq',
});

beforeAll(async () => {
  fresh = await freshDatabase({ seed: 1 });
  const most = await fresh.db.q
    .selectFrom('notes')
    .select(['author_id', fresh.db.q.fn.countAll<number>().as('count')])
    .groupBy('author_id')
    .orderBy('count', 'desc')
    .executeTakeFirstOrThrow();
  writer = most.author_id;
});
afterAll(() => fresh.drop());

/** Every note the writer wrote, filtered and ordered in code: what the list must answer. */
async function expected(filters: ListFilters<typeof noteFiltersSchema>): Promise<string[]> {
  const rows = await fresh.db.q
    .selectFrom('notes')
    .select(['seq', 'note_id', 'category', 'student_id'])
    .where('author_id', '=', writer)
    .execute();
  return rows
    .filter((row) => filters.category === undefined || (filters.category as readonly string[]).includes(row.category))
    .filter((row) => filters.studentId === undefined || row.student_id === filters.studentId)
    .sort((a, b) => Number(positionOf(b.seq) - positionOf(a.seq)))
    .map((row) => row.note_id);
}

const ids = (rows: { note_id: string }[]) => rows.map((row) => row.note_id);

describe('a filtered list', () => {
  it('answers the whole list with the filters given, a set filter in any order and with repeats alike', async () => {
    const all = ids(await written.whole(fresh.db.q, writer, {}));
    expect(all.length).toBeGreaterThan(3);
    expect(all).toEqual(await expected({}));

    const lessons = ids(await written.whole(fresh.db.q, writer, { category: ['lesson'] }));
    expect(lessons).toEqual(await expected({ category: ['lesson'] }));
    // The filter narrows: this writer's notes are not all of one category.
    expect(lessons.length).toBeLessThan(all.length);
    expect(ids(await written.whole(fresh.db.q, writer, { category: ['user', 'lesson', 'user'] }))).toEqual(
      await expected({ category: ['lesson', 'user'] }),
    );
  });

  it('pages through exactly the rows of the whole list, in its order', async () => {
    for (const filters of [{}, { category: ['course' as const, 'lesson' as const] }]) {
      const whole = ids(await written.whole(fresh.db.q, writer, filters));
      const paged: string[] = [];
      let after: bigint | null = null;
      do {
        const page = await written.page(fresh.db.q, writer, filters, { limit: 2, after });
        expect(page.rows.length).toBeLessThanOrEqual(2);
        paged.push(...ids(page.rows));
        // A page that did not move on would loop here for ever: it fails instead.
        expect(paged.length).toBeLessThanOrEqual(whole.length);
        after = page.next;
      } while (after !== null);
      expect(paged).toEqual(whole);
    }
  });

  it('builds each shape of query once, whatever values run through it', async () => {
    const student = (await fresh.db.q.selectFrom('students').select('student_id').limit(2).execute()).map(
      (row) => row.student_id,
    );
    await written.whole(fresh.db.q, writer, { studentId: student[0] });
    const before = builds;
    await written.whole(fresh.db.q, writer, { studentId: student[1] });
    await written.whole(fresh.db.q, 'someone-else', { studentId: student[0] });
    expect(builds).toBe(before);
    // Another shape (a page, after a position) is built once too.
    await written.page(fresh.db.q, writer, { studentId: student[0] }, { limit: 1, after: 10n });
    await written.page(fresh.db.q, writer, { studentId: student[1] }, { limit: 5, after: 99n });
    expect(builds).toBe(before + 1);
  });
});
