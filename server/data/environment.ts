/**
 * The environment (sandbox or production) is a property of the database, not
 * only of the process: the first start records it in `service_settings`, and
 * a process started with the other value refuses the database. So a demo
 * database cannot be served as production by a changed setting, nor a
 * production database be seeded with the demo or served as a sandbox.
 */
import type { Environment } from '../../contract/sandbox.ts';
import type { Queryable } from './database.ts';

const NAME = 'environment';

/** The database is recorded for one environment and was asked to serve the other. */
export class EnvironmentMismatch extends Error {
  override readonly name = 'EnvironmentMismatch';

  constructor(
    readonly recorded: Environment,
    readonly requested: Environment,
    message = `This database belongs to a ${recorded} service, but this process was started with PLATFORM_ENV=${requested}. ` +
      `Start it with PLATFORM_ENV=${recorded}, or give the ${requested} service a database of its own ` +
      '(the environment is recorded in the database on its first start and never changes).',
  ) {
    super(message);
  }
}

/** The environment the database was recorded for, or undefined before its first start. */
export async function recordedEnvironment(q: Queryable): Promise<Environment | undefined> {
  const row = await q.selectFrom('service_settings').select('value').where('name', '=', NAME).executeTakeFirst();
  if (row === undefined) return undefined;
  if (row.value !== 'sandbox' && row.value !== 'production') {
    throw new Error(`service_settings holds an unknown environment "${row.value.slice(0, 40)}"`);
  }
  return row.value;
}

/**
 * Records `environment` on the first start, or checks it against the record:
 * throws EnvironmentMismatch when they differ. Call inside `withStartupLock`,
 * so instances that start together record it once.
 */
export async function bindEnvironment(q: Queryable, environment: Environment): Promise<void> {
  const recorded = await recordedEnvironment(q);
  if (recorded === undefined) {
    await q.insertInto('service_settings').values({ name: NAME, value: environment }).execute();
    return;
  }
  if (recorded !== environment) throw new EnvironmentMismatch(recorded, environment);
}
