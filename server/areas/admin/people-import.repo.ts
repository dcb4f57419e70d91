/**
 * Queries of the people-and-classes import: what already exists of the ids
 * an import names, and the upserts (insert, or bring the row up to date by
 * its id; relations only added). Statements go in parts of `CHUNK` rows, well
 * under either engine's limit of bound parameters.
 */
import type { ImportClass, ImportCourse, ImportUser } from '../../../contract/people-import.ts';
import type { Queryable } from '../../data/database.ts';

const CHUNK = 400;

function chunks<T>(items: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) parts.push(items.slice(i, i + CHUNK));
  return parts;
}

/** Runs `query` over `ids` in parts and joins the rows. */
async function inParts<T>(ids: readonly string[], query: (part: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (const part of chunks([...new Set(ids)])) rows.push(...(await query(part)));
  return rows;
}

export function peopleImportRepo(q: Queryable) {
  return {
    async existingOrgs(ids: readonly string[]): Promise<Set<string>> {
      const rows = await inParts(ids, (part) =>
        q.selectFrom('orgs').select('org_id').where('org_id', 'in', part).execute(),
      );
      return new Set(rows.map((row) => row.org_id));
    },
    async existingUsers(ids: readonly string[]): Promise<Map<string, { anonymous: boolean }>> {
      const rows = await inParts(ids, (part) =>
        q.selectFrom('users').select(['user_id', 'anonymous']).where('user_id', 'in', part).execute(),
      );
      return new Map(rows.map((row) => [row.user_id, { anonymous: row.anonymous === 1 }]));
    },
    /** Who holds each of `handles` now. */
    async handleOwners(handles: readonly string[]): Promise<Map<string, string>> {
      const rows = await inParts(handles, (part) =>
        q.selectFrom('users').select(['user_id', 'handle']).where('handle', 'in', part).execute(),
      );
      return new Map(rows.map((row) => [row.handle, row.user_id]));
    },
    async existingCourses(ids: readonly string[]): Promise<Map<string, { orgId: string }>> {
      const rows = await inParts(ids, (part) =>
        q.selectFrom('courses').select(['course_id', 'org_id']).where('course_id', 'in', part).execute(),
      );
      return new Map(rows.map((row) => [row.course_id, { orgId: row.org_id }]));
    },
    /** The course each existing lesson belongs to. */
    async lessonCourses(ids: readonly string[]): Promise<Map<string, string>> {
      const rows = await inParts(ids, (part) =>
        q.selectFrom('lessons').select(['lesson_id', 'course_id']).where('lesson_id', 'in', part).execute(),
      );
      return new Map(rows.map((row) => [row.lesson_id, row.course_id]));
    },
    /** The course each existing class belongs to. */
    async classCourses(ids: readonly string[]): Promise<Map<string, string>> {
      const rows = await inParts(ids, (part) =>
        q.selectFrom('classes').select(['class_id', 'course_id']).where('class_id', 'in', part).execute(),
      );
      return new Map(rows.map((row) => [row.class_id, row.course_id]));
    },
    /** Existing enrollments of these classes: by studentId, and by user and class. */
    async enrollments(
      classIds: readonly string[],
    ): Promise<{ student_id: string; user_id: string; class_id: string }[]> {
      return inParts(classIds, (part) =>
        q.selectFrom('students').select(['student_id', 'user_id', 'class_id']).where('class_id', 'in', part).execute(),
      );
    },
    async studentsById(ids: readonly string[]): Promise<Map<string, { userId: string; classId: string }>> {
      const rows = await inParts(ids, (part) =>
        q
          .selectFrom('students')
          .select(['student_id', 'user_id', 'class_id'])
          .where('student_id', 'in', part)
          .execute(),
      );
      return new Map(rows.map((row) => [row.student_id, { userId: row.user_id, classId: row.class_id }]));
    },

    async upsertOrgs(orgs: readonly { orgId: string; name: string }[]): Promise<void> {
      for (const part of chunks(orgs)) {
        await q
          .insertInto('orgs')
          .values(part.map((org) => ({ org_id: org.orgId, name: org.name })))
          .onConflict((oc) => oc.column('org_id').doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })))
          .execute();
      }
    },
    /** The profile as the import states it: a field it leaves out is absent afterwards. */
    async upsertUsers(users: readonly ImportUser[], now: number): Promise<void> {
      for (const part of chunks(users)) {
        await q
          .insertInto('users')
          .values(
            part.map((user) => ({
              user_id: user.userId,
              handle: user.handle,
              first_name: user.firstName,
              last_name: user.lastName,
              user_type: user.userType,
              account_type: user.accountType,
              country: user.country,
              profile_pic: null,
              cover_photo: null,
              email: user.email ?? '',
              external_id: user.externalId ?? null,
              trainer: user.trainer ? 1 : 0,
              trainee: user.trainee ? 1 : 0,
              afsc: user.afsc ?? '',
              education: user.education ?? '',
              military_grade: user.militaryGrade ?? null,
              display_rank: user.displayRank ?? null,
              gender: user.gender ?? null,
              display_duty_title: user.displayDutyTitle ?? null,
              civilian_grade: user.civilianGrade ?? null,
              civilian_band: user.civilianBand ?? null,
              job_series_number: user.jobSeriesNumber ?? null,
              job_title: user.jobTitle ?? null,
              org_id: user.orgId ?? null,
              created_at: now,
            })),
          )
          .onConflict((oc) =>
            oc.column('user_id').doUpdateSet((eb) => ({
              handle: eb.ref('excluded.handle'),
              first_name: eb.ref('excluded.first_name'),
              last_name: eb.ref('excluded.last_name'),
              user_type: eb.ref('excluded.user_type'),
              account_type: eb.ref('excluded.account_type'),
              country: eb.ref('excluded.country'),
              email: eb.ref('excluded.email'),
              external_id: eb.ref('excluded.external_id'),
              trainer: eb.ref('excluded.trainer'),
              trainee: eb.ref('excluded.trainee'),
              afsc: eb.ref('excluded.afsc'),
              education: eb.ref('excluded.education'),
              military_grade: eb.ref('excluded.military_grade'),
              display_rank: eb.ref('excluded.display_rank'),
              gender: eb.ref('excluded.gender'),
              display_duty_title: eb.ref('excluded.display_duty_title'),
              civilian_grade: eb.ref('excluded.civilian_grade'),
              civilian_band: eb.ref('excluded.civilian_band'),
              job_series_number: eb.ref('excluded.job_series_number'),
              job_title: eb.ref('excluded.job_title'),
              org_id: eb.ref('excluded.org_id'),
            })),
          )
          .execute();
      }
    },
    async upsertCourses(courses: readonly ImportCourse[]): Promise<void> {
      for (const part of chunks(courses)) {
        await q
          .insertInto('courses')
          .values(part.map((c) => ({ course_id: c.courseId, name: c.name, version: c.version, org_id: c.orgId })))
          .onConflict((oc) =>
            oc.column('course_id').doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              version: eb.ref('excluded.version'),
              org_id: eb.ref('excluded.org_id'),
            })),
          )
          .execute();
      }
      const lessons = courses.flatMap((c) =>
        (c.lessons ?? []).map((lesson, position) => ({
          lesson_id: lesson.lessonId,
          course_id: c.courseId,
          name: lesson.name,
          position,
        })),
      );
      for (const part of chunks(lessons)) {
        await q
          .insertInto('lessons')
          .values(part)
          .onConflict((oc) =>
            oc
              .column('lesson_id')
              .doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), position: eb.ref('excluded.position') })),
          )
          .execute();
      }
    },
    async upsertClasses(classes: readonly (ImportClass & { orgId: string })[]): Promise<void> {
      for (const part of chunks(classes)) {
        await q
          .insertInto('classes')
          .values(part.map((c) => ({ class_id: c.classId, course_id: c.courseId, name: c.name, org_id: c.orgId })))
          .onConflict((oc) =>
            oc
              .column('class_id')
              .doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), org_id: eb.ref('excluded.org_id') })),
          )
          .execute();
      }
      const trainers = classes.flatMap((c) =>
        (c.trainers ?? []).map((userId) => ({ class_id: c.classId, user_id: userId })),
      );
      for (const part of chunks(trainers)) {
        await q
          .insertInto('class_trainers')
          .values(part)
          .onConflict((oc) => oc.columns(['class_id', 'user_id']).doNothing())
          .execute();
      }
      const students = classes.flatMap((c) =>
        (c.students ?? []).map((s) => ({ student_id: s.studentId, user_id: s.userId, class_id: c.classId })),
      );
      for (const part of chunks(students)) {
        await q
          .insertInto('students')
          .values(part)
          .onConflict((oc) => oc.column('student_id').doNothing())
          .execute();
      }
    },
    /** Both directions, as "my friends" reads them. */
    async addFriendships(pairs: readonly { userId: string; friendId: string }[]): Promise<void> {
      const rows = pairs.flatMap((p) => [
        { user_id: p.userId, friend_id: p.friendId },
        { user_id: p.friendId, friend_id: p.userId },
      ]);
      for (const part of chunks(rows)) {
        await q
          .insertInto('friendships')
          .values(part)
          .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doNothing())
          .execute();
      }
    },
    /** Whoever trains a class is a trainer, whoever is enrolled a trainee (the own profile's flags, 2.2). */
    async raiseRoleFlags(userIds: readonly string[]): Promise<void> {
      for (const part of chunks([...new Set(userIds)])) {
        await q
          .updateTable('users')
          .set({ trainer: 1 })
          .where('user_id', 'in', part)
          .where('trainer', '=', 0)
          .where(({ exists, selectFrom }) =>
            exists(selectFrom('class_trainers as t').select('t.user_id').whereRef('t.user_id', '=', 'users.user_id')),
          )
          .execute();
        await q
          .updateTable('users')
          .set({ trainee: 1 })
          .where('user_id', 'in', part)
          .where('trainee', '=', 0)
          .where(({ exists, selectFrom }) =>
            exists(selectFrom('students as s').select('s.user_id').whereRef('s.user_id', '=', 'users.user_id')),
          )
          .execute();
      }
    },
  };
}
