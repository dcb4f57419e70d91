/** Reads for the sandbox extension: demo users with roles and rosters, demo clients, who may be signed in. */
import type { SandboxClients, SandboxUser } from '../../../contract/sandbox.ts';
import { signedUpPeople } from '../../access/people.ts';
import type { Queryable } from '../../data/database.ts';
import { groupBy } from '../../data/group-by.ts';
import { openSecret } from '../../data/secrets.ts';

export function sandboxRepo(q: Queryable) {
  return {
    async users(): Promise<SandboxUser[]> {
      const [users, enrollments, teaches, lessons] = await Promise.all([
        signedUpPeople(q),
        q
          .selectFrom('students as s')
          .innerJoin('classes as c', 'c.class_id', 's.class_id')
          .select(['s.user_id', 's.student_id', 's.class_id', 'c.course_id'])
          .orderBy('s.class_id')
          .orderBy('s.student_id')
          .execute(),
        q
          .selectFrom('class_trainers as t')
          .innerJoin('classes as c', 'c.class_id', 't.class_id')
          .select(['t.user_id', 't.class_id', 'c.course_id'])
          .orderBy('t.class_id')
          .orderBy('t.user_id')
          .execute(),
        q
          .selectFrom('lessons')
          .select(['course_id', 'lesson_id'])
          .orderBy('course_id')
          .orderBy('position')
          .orderBy('lesson_id')
          .execute(),
      ]);
      const enrolled = groupBy(enrollments, (row) => row.user_id);
      const taught = groupBy(teaches, (row) => row.user_id);
      const lessonsOf = groupBy(lessons, (row) => row.course_id);
      return users.map((row) => {
        const roles: string[] = [];
        if (row.trainer) roles.push('trainer');
        if (row.trainee) roles.push('trainee');
        if (row.account_type === 'Parent' || row.account_type === 'Kid') roles.push(row.account_type.toLowerCase());
        return {
          userId: row.user_id,
          handle: row.handle,
          firstName: row.first_name,
          lastName: row.last_name,
          roles,
          enrollments: (enrolled.get(row.user_id) ?? []).map((e) => ({
            studentId: e.student_id,
            classId: e.class_id,
            courseId: e.course_id,
          })),
          teaches: (taught.get(row.user_id) ?? []).map((t) => ({
            classId: t.class_id,
            courseId: t.course_id,
            lessonIds: (lessonsOf.get(t.course_id) ?? []).map((l) => l.lesson_id),
          })),
        };
      });
    },
    /** The demo clients, with the sandbox plugins' secrets opened with `key` (they are published anyway). */
    async clients(key: Buffer): Promise<SandboxClients> {
      const [apps, scopes, plugins, orgs, permissions] = await Promise.all([
        q.selectFrom('apps').select(['client_id', 'environment']).orderBy('client_id').execute(),
        q.selectFrom('app_scopes').select(['client_id', 'scope']).orderBy('client_id').orderBy('scope').execute(),
        q
          .selectFrom('plugins')
          .select(['client_id', 'secret_sealed'])
          .where('environment', '=', 'sandbox')
          .orderBy('client_id')
          .execute(),
        q.selectFrom('plugin_orgs').select(['client_id', 'org_id']).orderBy('client_id').orderBy('org_id').execute(),
        q
          .selectFrom('plugin_permissions')
          .select(['client_id', 'permission'])
          .orderBy('client_id')
          .orderBy('permission')
          .execute(),
      ]);
      const scopesOf = groupBy(scopes, (row) => row.client_id);
      const orgsOf = groupBy(orgs, (row) => row.client_id);
      const permissionsOf = groupBy(permissions, (row) => row.client_id);
      return {
        apps: apps.map((row) => ({
          clientId: row.client_id,
          environment: row.environment,
          scopes: (scopesOf.get(row.client_id) ?? []).map((s) => s.scope),
        })),
        plugins: plugins.map((row) => ({
          clientId: row.client_id,
          clientSecret: openSecret(row.secret_sealed, key, row.client_id),
          orgIds: (orgsOf.get(row.client_id) ?? []).map((o) => o.org_id),
          permissions: (permissionsOf.get(row.client_id) ?? []).map((p) => p.permission),
        })),
      };
    },
    /** The account demo sign-in would start a session for; undefined for an unknown userId. */
    account: (userId: string) =>
      q.selectFrom('users').select('anonymous').where('user_id', '=', userId).executeTakeFirst(),
  };
}
