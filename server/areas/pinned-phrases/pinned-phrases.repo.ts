/** Pinned phrases: a person's list read and replaced whole. The only queries of the area. */
import type { Queryable } from '../../data/database.ts';

export function pinnedPhrasesRepo(q: Queryable) {
  return {
    async of(userId: string): Promise<string[]> {
      const rows = await q
        .selectFrom('pinned_phrases')
        .select('phrase')
        .where('user_id', '=', userId)
        .orderBy('position')
        .execute();
      return rows.map((row) => row.phrase);
    },
    async replace(userId: string, phrases: readonly string[]): Promise<void> {
      await q.deleteFrom('pinned_phrases').where('user_id', '=', userId).execute();
      if (phrases.length === 0) return;
      await q
        .insertInto('pinned_phrases')
        .values(phrases.map((phrase, position) => ({ user_id: userId, position, phrase })))
        .execute();
    },
  };
}
