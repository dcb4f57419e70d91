/**
 * One student's comments read in this process through the comments
 * repository (the list query and the people's summaries), on PostgreSQL
 * through two drivers: the service's (postgres.js: prepared statements, a
 * pool) and Kysely's stock dialect on node-postgres (a pg.Pool of the same
 * size). For the scale bench's driver comparison.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { commentsRepo } from '../server/areas/comments/comments.repo.ts';
import { openDatabase } from '../server/data/database.ts';
import type { Schema } from '../server/data/schema.ts';

export interface CommentReads {
  /** One read through the service's driver; answers how many rows it read. */
  service(): Promise<number>;
  /** The same read through node-postgres. */
  nodePostgres(): Promise<number>;
  close(): Promise<void>;
}

/** The comments `trainerId` reads about `studentId`, as the service reads them, on both drivers. */
export async function commentReadsOnPostgres(
  url: string,
  poolSize: number,
  who: { readonly trainerId: string; readonly studentId: string },
): Promise<CommentReads> {
  const ours = await openDatabase({ url, poolSize });
  const stock = new Kysely<Schema>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: poolSize }) }),
  });
  const read = async (q: Kysely<Schema>) =>
    (await commentsRepo(q).list(who.trainerId, { studentId: who.studentId })).length;
  return {
    service: () => read(ours.q),
    nodePostgres: () => read(stock),
    close: async () => {
      await ours.close();
      await stock.destroy();
    },
  };
}
