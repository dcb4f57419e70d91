/** The person a password link is made for. */
import type { Queryable } from '../../data/database.ts';

export function passwordLinksRepo(q: Queryable) {
  return {
    person: (userId: string) =>
      q.selectFrom('users').select(['user_id', 'handle', 'anonymous']).where('user_id', '=', userId).executeTakeFirst(),
  };
}
