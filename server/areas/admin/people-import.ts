/**
 * The import of people and classes (extension, `POST /admin/v1/import`): how
 * an operator provisions a production service, which starts with no data but
 * the schema. One transaction: every reference is checked first (to the file
 * or to what the service holds), each fault reported at its place in the
 * body, then rows are added or brought up to date by id. Nothing is removed
 * (a person or an enrollment may carry comments and notes) and an id keeps
 * what it identifies: a lesson its course, a class its course, a studentId
 * its person and class, so an import never refiles what was written about
 * them.
 */
import type { ErrorIssue } from '../../../contract/common.ts';
import type { PeopleImportBody, PeopleImportResult } from '../../../contract/people-import.ts';
import { isUniqueViolation } from '../../data/database.ts';
import { bump } from '../../data/versions.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../errors.ts';
import { peopleImportRepo } from './people-import.repo.ts';

export function peopleImport(deps: Deps) {
  return async function importPeople(body: PeopleImportBody): Promise<PeopleImportResult> {
    const orgs = body.orgs ?? [];
    const users = body.users ?? [];
    const courses = body.courses ?? [];
    const classes = body.classes ?? [];
    const friendships = body.friendships ?? [];
    try {
      return await deps.db.transaction(async (tx) => {
        const repo = peopleImportRepo(tx);
        const invalid: ErrorIssue[] = [];
        const conflicts: ErrorIssue[] = [];

        /** Ids given twice in one list would make the result depend on their order. */
        const once = <T>(items: readonly T[], id: (item: T) => string, path: (item: T, i: number) => string) => {
          const seen = new Set<string>();
          items.forEach((item, i) => {
            if (seen.has(id(item))) invalid.push({ path: path(item, i), message: `"${id(item)}" is named twice` });
            seen.add(id(item));
          });
        };
        once(
          orgs,
          (o) => o.orgId,
          (_, i) => `body.orgs.${i}.orgId`,
        );
        once(
          users,
          (u) => u.userId,
          (_, i) => `body.users.${i}.userId`,
        );
        once(
          users,
          (u) => u.handle,
          (_, i) => `body.users.${i}.handle`,
        );
        once(
          courses,
          (c) => c.courseId,
          (_, i) => `body.courses.${i}.courseId`,
        );
        once(
          courses.flatMap((c, i) =>
            (c.lessons ?? []).map((l, j) => ({ id: l.lessonId, path: `body.courses.${i}.lessons.${j}.lessonId` })),
          ),
          (l) => l.id,
          (l) => l.path,
        );
        once(
          classes,
          (c) => c.classId,
          (_, i) => `body.classes.${i}.classId`,
        );
        const enrolled = classes.flatMap((c, i) =>
          (c.students ?? []).map((s, j) => ({ ...s, classId: c.classId, path: `body.classes.${i}.students.${j}` })),
        );
        once(
          enrolled,
          (s) => s.studentId,
          (s) => `${s.path}.studentId`,
        );

        // What the references name: the file, else the service.
        const orgIds = new Set(orgs.map((o) => o.orgId));
        const knownOrgs = await repo.existingOrgs([
          ...users.flatMap((u) => (u.orgId ? [u.orgId] : [])),
          ...courses.map((c) => c.orgId),
          ...classes.flatMap((c) => (c.orgId ? [c.orgId] : [])),
        ]);
        const orgExists = (id: string) => orgIds.has(id) || knownOrgs.has(id);
        const fileUsers = new Set(users.map((u) => u.userId));
        const storedUsers = await repo.existingUsers([
          ...users.map((u) => u.userId),
          ...classes.flatMap((c) => [...(c.trainers ?? []), ...(c.students ?? []).map((s) => s.userId)]),
          ...friendships.flatMap((f) => [f.userId, f.friendId]),
        ]);
        const person = (id: string, path: string) => {
          if (storedUsers.get(id)?.anonymous) conflicts.push({ path, message: `"${id}" is an anonymous account` });
          else if (!fileUsers.has(id) && !storedUsers.has(id)) {
            invalid.push({ path, message: `names no person of this import or of the service: "${id}"` });
          }
        };
        const owners = await repo.handleOwners(users.map((u) => u.handle));
        users.forEach((user, i) => {
          if (user.orgId && !orgExists(user.orgId)) {
            invalid.push({ path: `body.users.${i}.orgId`, message: `names no org: "${user.orgId}"` });
          }
          if (storedUsers.get(user.userId)?.anonymous) {
            conflicts.push({ path: `body.users.${i}.userId`, message: `"${user.userId}" is an anonymous account` });
          }
          const owner = owners.get(user.handle);
          if (owner !== undefined && owner !== user.userId) {
            conflicts.push({ path: `body.users.${i}.handle`, message: `"${user.handle}" is another person's handle` });
          }
        });

        const fileCourses = new Map(courses.map((c) => [c.courseId, c]));
        const storedCourses = await repo.existingCourses(classes.map((c) => c.courseId));
        const lessonCourse = await repo.lessonCourses(courses.flatMap((c) => (c.lessons ?? []).map((l) => l.lessonId)));
        courses.forEach((course, i) => {
          if (!orgExists(course.orgId)) {
            invalid.push({ path: `body.courses.${i}.orgId`, message: `names no org: "${course.orgId}"` });
          }
          (course.lessons ?? []).forEach((lesson, j) => {
            const owner = lessonCourse.get(lesson.lessonId);
            if (owner !== undefined && owner !== course.courseId) {
              conflicts.push({
                path: `body.courses.${i}.lessons.${j}.lessonId`,
                message: `"${lesson.lessonId}" is a lesson of the course "${owner}"; a lesson keeps its course`,
              });
            }
          });
        });

        const classCourse = await repo.classCourses(classes.map((c) => c.classId));
        const stored = await repo.enrollments(classes.map((c) => c.classId));
        const byStudentId = await repo.studentsById(enrolled.map((s) => s.studentId));
        const storedEnrollment = new Map(stored.map((row) => [`${row.user_id}\u0000${row.class_id}`, row.student_id]));
        const classOrgs: string[] = [];
        classes.forEach((klass, i) => {
          const course = fileCourses.get(klass.courseId) ?? storedCourses.get(klass.courseId);
          if (!course) {
            invalid.push({ path: `body.classes.${i}.courseId`, message: `names no course: "${klass.courseId}"` });
          }
          const owner = classCourse.get(klass.classId);
          if (owner !== undefined && owner !== klass.courseId) {
            conflicts.push({
              path: `body.classes.${i}.courseId`,
              message: `"${klass.classId}" is a class of the course "${owner}"; a class keeps its course`,
            });
          }
          if (klass.orgId && !orgExists(klass.orgId)) {
            invalid.push({ path: `body.classes.${i}.orgId`, message: `names no org: "${klass.orgId}"` });
          }
          (klass.trainers ?? []).forEach((userId, j) => {
            person(userId, `body.classes.${i}.trainers.${j}`);
          });
          classOrgs.push(klass.orgId ?? course?.orgId ?? '');
        });
        for (const student of enrolled) {
          person(student.userId, `${student.path}.userId`);
          const was = byStudentId.get(student.studentId);
          if (was && (was.userId !== student.userId || was.classId !== student.classId)) {
            conflicts.push({
              path: `${student.path}.studentId`,
              message: `"${student.studentId}" is the enrollment of "${was.userId}" in "${was.classId}"; a studentId keeps its person and class`,
            });
          }
          const other = storedEnrollment.get(`${student.userId}\u0000${student.classId}`);
          if (other !== undefined && other !== student.studentId) {
            conflicts.push({
              path: `${student.path}.studentId`,
              message: `"${student.userId}" is enrolled in "${student.classId}" already, as "${other}"`,
            });
          }
        }
        friendships.forEach((pair, i) => {
          person(pair.userId, `body.friendships.${i}.userId`);
          person(pair.friendId, `body.friendships.${i}.friendId`);
          if (pair.userId === pair.friendId) {
            invalid.push({ path: `body.friendships.${i}.friendId`, message: 'a person is not their own friend' });
          }
        });

        if (invalid.length > 0) {
          throw new HttpError(
            400,
            'invalid_input',
            'The import names what it cannot (see issues); nothing was written',
            invalid,
          );
        }
        if (conflicts.length > 0) {
          throw new HttpError(
            409,
            'conflict',
            'The import contradicts what the service holds (see issues); nothing was written',
            conflicts,
          );
        }

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
