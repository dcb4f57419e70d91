/** Reads for the sandbox extension: demo users with roles and rosters, demo clients. */
import type { SandboxClients, SandboxUser } from '../../../contract/sandbox.ts';
import type { Db } from '../../db/database.ts';

export function sandboxRepo(db: Db) {
  const users = db.prepare<
    [],
    {
      user_id: string;
      handle: string;
      first_name: string;
      last_name: string;
      trainer: number;
      trainee: number;
      account_type: string;
    }
  >(
    `SELECT user_id, handle, first_name, last_name, trainer, trainee, account_type FROM users
     WHERE anonymous = 0 ORDER BY trainer DESC, last_name, first_name, user_id`,
  );
  const enrollments = db.prepare<[], { user_id: string; student_id: string; class_id: string; course_id: string }>(
    `SELECT s.user_id, s.student_id, s.class_id, c.course_id FROM students s
     JOIN classes c ON c.class_id = s.class_id ORDER BY s.class_id`,
  );
  const teaches = db.prepare<[], { user_id: string; class_id: string; course_id: string; lesson_ids: string | null }>(
    `SELECT t.user_id, t.class_id, c.course_id,
       (SELECT group_concat(lesson_id, ',') FROM (SELECT lesson_id FROM lessons l WHERE l.course_id = c.course_id ORDER BY position)) AS lesson_ids
     FROM class_trainers t JOIN classes c ON c.class_id = t.class_id ORDER BY t.class_id`,
  );
  const apps = db.prepare<[], { client_id: string; environment: 'sandbox' | 'production'; scopes: string | null }>(
    `SELECT a.client_id, a.environment,
       (SELECT group_concat(scope, ',') FROM app_scopes s WHERE s.client_id = a.client_id) AS scopes
     FROM apps a ORDER BY a.client_id`,
  );
  const plugins = db.prepare<
    [],
    { client_id: string; client_secret: string; orgs: string | null; permissions: string | null }
  >(
    `SELECT p.client_id, p.client_secret,
       (SELECT group_concat(org_id, ',') FROM plugin_orgs o WHERE o.client_id = p.client_id) AS orgs,
       (SELECT group_concat(permission, ',') FROM plugin_permissions x WHERE x.client_id = p.client_id) AS permissions
     FROM plugins p WHERE p.environment = 'sandbox' ORDER BY p.client_id`,
  );
  const split = (list: string | null) => (list ? list.split(',').sort() : []);

  return {
    users(): SandboxUser[] {
      const enrolled = groupBy(enrollments.all(), (row) => row.user_id);
      const taught = groupBy(teaches.all(), (row) => row.user_id);
      return users.all().map((row) => {
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
            lessonIds: t.lesson_ids ? t.lesson_ids.split(',') : [],
          })),
        };
      });
    },
    clients(): SandboxClients {
      return {
        apps: apps
          .all()
          .map((row) => ({ clientId: row.client_id, environment: row.environment, scopes: split(row.scopes) })),
        plugins: plugins.all().map((row) => ({
          clientId: row.client_id,
          clientSecret: row.client_secret,
          orgIds: split(row.orgs),
          permissions: split(row.permissions),
        })),
      };
    },
  };
}

/** Map.groupBy arrives in Node 21; this is the same for Node 20. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
