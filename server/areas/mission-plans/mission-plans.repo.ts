/** Queries of the kept mission plans: one row per trainer, read and replaced only by its owner. */
import type { Queryable } from '../../data/database.ts';

export interface PlanRow {
  plan: string;
  saved_at: number;
}

export function missionPlansRepo(q: Queryable) {
  return {
    async isTrainer(userId: string): Promise<boolean> {
      const row = await q.selectFrom('users').select('trainer').where('user_id', '=', userId).executeTakeFirst();
      return row?.trainer === 1;
    },
    planOf(userId: string): Promise<PlanRow | undefined> {
      return q
        .selectFrom('mission_plans')
        .select(['plan', 'saved_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
    async save(userId: string, plan: string, at: number): Promise<void> {
      await q
        .insertInto('mission_plans')
        .values({ user_id: userId, plan, saved_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ plan, saved_at: at }))
        .execute();
    },
    async remove(userId: string): Promise<boolean> {
      const result = await q.deleteFrom('mission_plans').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
