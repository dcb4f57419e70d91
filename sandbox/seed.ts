/** Seeds the demo sandbox into an empty database (first start of `npm start`). */
import type { Queryable } from '../server/data/database.ts';
import { seedDemo } from './demo.ts';

/** Call inside `withStartupLock`, so instances that start together seed once. */
export async function seedIfEmpty(q: Queryable, seed: number): Promise<boolean> {
  const row = await q
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(row?.n ?? 0) > 0) return false;
  await seedDemo(q, seed);
  return true;
}
