/**
 * Keys every process and instance of the service shares, kept in the
 * database (`service_keys`): made by whichever process needs one first (the
 * insert that loses a race changes nothing) and read by all.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from './database.ts';

/** The key named `name`: 32 random bytes, made once for the whole service. */
export async function serviceKey(q: Queryable, name: string): Promise<Buffer> {
  const read = async () =>
    (await q.selectFrom('service_keys').select('value').where('name', '=', name).executeTakeFirst())?.value;
  let value = await read();
  if (value === undefined) {
    await q
      .insertInto('service_keys')
      .values({ name, value: randomBytes(32).toString('base64url') })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    value = await read();
  }
  if (value === undefined) throw new Error(`the service key "${name}" could not be made`);
  return Buffer.from(value, 'base64url');
}
