/** Seeds the demo sandbox into an empty database (first start of `npm start`). */
import type { Db } from '../db/database.ts';
import { seedDemo } from './demo.ts';

export function seedIfEmpty(db: Db, seed: number): boolean {
  const row = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM users').get();
  if ((row?.n ?? 0) > 0) return false;
  seedDemo(db, seed);
  return true;
}
