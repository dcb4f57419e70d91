/**
 * The import of people and classes (extension, `POST /admin/v1/import`): how
 * an operator provisions a production service, which starts with no data but
 * the schema. One transaction: every reference is checked first (to the file
 * or to what the service holds; people-import-check.ts), each fault reported
 * at its place in the body, then rows are added or brought up to date by id. Nothing is removed
 * (a person or an enrollment may carry comments and notes) and an id keeps
 * what it identifies: a lesson its course, a class its course, a studentId
 * its person and class, so an import never refiles what was written about
 * them.
 */
import type { PeopleImportBody, PeopleImportResult } from '../../../contract/people-import.ts';
import { isUniqueViolation } from '../../data/database.ts';
import { bump } from '../../data/versions.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../errors.ts';
import { peopleImportRepo } from './people-import.repo.ts';
import { checkImport } from './people-import-check.ts';
import { importLists } from './people-import-lists.ts';

export function peopleImport(deps: Deps) {
  return async function importPeople(body: PeopleImportBody): Promise<PeopleImportResult> {
    const lists = importLists(body);
    const { orgs, users, courses, classes, friendships, enrolled } = lists;
    try {
      return await deps.db.transaction(async (tx) => {
        const repo = peopleImportRepo(tx);
        const classOrgs = await checkImport(repo, lists);
        const now = deps.now();
        await repo.upsertOrgs(orgs);
        await repo.upsertUsers(users, now);
        await repo.upsertCourses(courses);
        await repo.upsertClasses(classes.map((klass, i) => ({ ...klass, orgId: classOrgs[i] ?? '' })));
        await repo.addFriendships(friendships);
        await repo.raiseRoleFlags([
          ...users.map((u) => u.userId),
          ...classes.flatMap((c) => [...(c.trainers ?? []), ...(c.students ?? []).map((s) => s.userId)]),
        ]);
        await bump(tx, 'users', 'classes');
        return {
          orgs: orgs.length,
          users: users.length,
          courses: courses.length,
          lessons: courses.reduce((n, c) => n + (c.lessons?.length ?? 0), 0),
          classes: classes.length,
          trainers: classes.reduce((n, c) => n + (c.trainers?.length ?? 0), 0),
          students: enrolled.length,
          friendships: friendships.length,
        };
      });
    } catch (error) {
      // Two imports racing for one handle: the database decides.
      if (isUniqueViolation(error)) {
        throw new HttpError(409, 'conflict', 'A handle or id of the import was taken meanwhile; send it again');
      }
      throw error;
    }
  };
}
