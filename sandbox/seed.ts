/** Seeds the demo sandbox into an empty database (first start of `npm start`). */
import type { Queryable } from '../server/data/database.ts';
import { bindEnvironment, EnvironmentMismatch, recordedEnvironment } from '../server/data/environment.ts';
import { seedDemo } from './demo.ts';

/**
 * Call inside `withStartupLock`, so instances that start together seed once.
 * The database becomes a sandbox's for good (server/data/environment.ts): a
 * database recorded as production is refused (EnvironmentMismatch), seeded or
 * not, since the demo's published credentials must never reach it.
 * `secretsKey`: the SECRETS_KEY the demo plugins' secrets are sealed with.
 */
export async function seedIfEmpty(q: Queryable, seed: number, secretsKey?: string): Promise<boolean> {
  if ((await recordedEnvironment(q)) === 'production') {
    throw new EnvironmentMismatch(
      'production',
      'sandbox',
      'This database belongs to a production service: the demo dataset, with its published credentials, is for sandboxes only and is never seeded into it.',
    );
  }
  await bindEnvironment(q, 'sandbox');
  const row = await q
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(row?.n ?? 0) > 0) return false;
  await seedDemo(q, seed, secretsKey);
  return true;
}
