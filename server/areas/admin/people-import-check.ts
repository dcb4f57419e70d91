/**
 * The check of an import before anything is written: ids named twice, and
 * every reference to the file or to what the service holds. Each fault is
 * reported at its place in the body: what the import names but nothing holds
 * is invalid (400), what contradicts the service is a conflict (409; an id
 * keeps what it identifies, an anonymous account is never imported over).
 */
import type { ErrorIssue } from '../../../contract/common.ts';
import { HttpError } from '../../errors.ts';
import type { peopleImportRepo } from './people-import.repo.ts';
import type { ImportLists } from './people-import-lists.ts';

type Repo = ReturnType<typeof peopleImportRepo>;

interface Faults {
  readonly invalid: ErrorIssue[];
  readonly conflicts: ErrorIssue[];
}

/** What the references of the file may name: its own orgs and people, else the service's. */
interface References {
  readonly orgExists: (orgId: string) => boolean;
  /** Whether the service holds `userId` as an anonymous account. */
  readonly anonymous: (userId: string) => boolean;
  /** Records a fault when `userId` (at `path`) names no person, or an anonymous one. */
  readonly person: (userId: string, path: string) => void;
}

/**
 * Checks `lists` inside the import's transaction; throws the faults found.
 * Answers each class's org (its own, else its course's), which the write
 * stores.
 */
export async function checkImport(repo: Repo, lists: ImportLists): Promise<readonly string[]> {
  const faults: Faults = { invalid: [], conflicts: [] };
  namedOnce(lists, faults);
  const references = await referencesOf(repo, lists, faults);
  await checkUsers(repo, lists, references, faults);
  await checkCourses(repo, lists, references, faults);
  const classOrgs = await checkClasses(repo, lists, references, faults);
  await checkEnrollments(repo, lists, references, faults);
  checkFriendships(lists, references, faults);
  if (faults.invalid.length > 0) {
    throw new HttpError(
      400,
      'invalid_input',
      'The import names what it cannot (see issues); nothing was written',
      faults.invalid,
    );
  }
  if (faults.conflicts.length > 0) {
    throw new HttpError(
      409,
      'conflict',
      'The import contradicts what the service holds (see issues); nothing was written',
      faults.conflicts,
    );
  }
  return classOrgs;
}

/** Ids given twice in one list would make the result depend on their order. */
function namedOnce({ orgs, users, courses, classes, enrolled }: ImportLists, { invalid }: Faults): void {
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
  once(
    enrolled,
    (s) => s.studentId,
    (s) => `${s.path}.studentId`,
  );
}

async function referencesOf(
  repo: Repo,
  { orgs, users, courses, classes, friendships }: ImportLists,
  { invalid, conflicts }: Faults,
): Promise<References> {
  const orgIds = new Set(orgs.map((o) => o.orgId));
  const knownOrgs = await repo.existingOrgs([
    ...users.flatMap((u) => (u.orgId ? [u.orgId] : [])),
    ...courses.map((c) => c.orgId),
    ...classes.flatMap((c) => (c.orgId ? [c.orgId] : [])),
  ]);
  const fileUsers = new Set(users.map((u) => u.userId));
  const storedUsers = await repo.existingUsers([
    ...users.map((u) => u.userId),
    ...classes.flatMap((c) => [...(c.trainers ?? []), ...(c.students ?? []).map((s) => s.userId)]),
    ...friendships.flatMap((f) => [f.userId, f.friendId]),
  ]);
  return {
    orgExists: (id) => orgIds.has(id) || knownOrgs.has(id),
    anonymous: (id) => storedUsers.get(id)?.anonymous === true,
    person: (id, path) => {
      if (storedUsers.get(id)?.anonymous) conflicts.push({ path, message: `"${id}" is an anonymous account` });
      else if (!fileUsers.has(id) && !storedUsers.has(id)) {
        invalid.push({ path, message: `names no person of this import or of the service: "${id}"` });
      }
    },
  };
}

async function checkUsers(
  repo: Repo,
  { users }: ImportLists,
  { orgExists, anonymous }: References,
  { invalid, conflicts }: Faults,
): Promise<void> {
  const owners = await repo.handleOwners(users.map((u) => u.handle));
  users.forEach((user, i) => {
    if (user.orgId && !orgExists(user.orgId)) {
      invalid.push({ path: `body.users.${i}.orgId`, message: `names no org: "${user.orgId}"` });
    }
    if (anonymous(user.userId)) {
      conflicts.push({ path: `body.users.${i}.userId`, message: `"${user.userId}" is an anonymous account` });
    }
    const owner = owners.get(user.handle);
    if (owner !== undefined && owner !== user.userId) {
      conflicts.push({ path: `body.users.${i}.handle`, message: `"${user.handle}" is another person's handle` });
    }
  });
}

async function checkCourses(
  repo: Repo,
  { courses }: ImportLists,
  { orgExists }: References,
  { invalid, conflicts }: Faults,
): Promise<void> {
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
}

/** Answers each class's org: its own, else its course's. */
async function checkClasses(
  repo: Repo,
  { courses, classes }: ImportLists,
  { orgExists, person }: References,
  { invalid, conflicts }: Faults,
): Promise<string[]> {
  const fileCourses = new Map(courses.map((c) => [c.courseId, c]));
  const storedCourses = await repo.existingCourses(classes.map((c) => c.courseId));
  const classCourse = await repo.classCourses(classes.map((c) => c.classId));
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
  return classOrgs;
}

/** A studentId keeps its person and class, and a person is enrolled in a class once. */
async function checkEnrollments(
  repo: Repo,
  { classes, enrolled }: ImportLists,
  { person }: References,
  { conflicts }: Faults,
): Promise<void> {
  const stored = await repo.enrollments(classes.map((c) => c.classId));
  const byStudentId = await repo.studentsById(enrolled.map((s) => s.studentId));
  const storedEnrollment = new Map(stored.map((row) => [`${row.user_id}\u0000${row.class_id}`, row.student_id]));
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
}

function checkFriendships({ friendships }: ImportLists, { person }: References, { invalid }: Faults): void {
  friendships.forEach((pair, i) => {
    person(pair.userId, `body.friendships.${i}.userId`);
    person(pair.friendId, `body.friendships.${i}.friendId`);
    if (pair.userId === pair.friendId) {
      invalid.push({ path: `body.friendships.${i}.friendId`, message: 'a person is not their own friend' });
    }
  });
}
