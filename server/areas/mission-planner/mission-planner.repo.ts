/**
 * Queries of the mission planner: which plugins are offered, their orgs, who
 * candidates are, and the names of the catalogue entries a plugin may read.
 */
import type { Environment } from '../../../contract/sandbox.ts';
import type { Queryable } from '../../data/database.ts';

export interface PlannerPluginRow {
  client_id: string;
  /** The client secret sealed under SECRETS_KEY (server/data/secrets.ts). */
  secret_sealed: string;
  name: string;
  capabilities_url: string;
  candidates_url: string;
}

export interface PersonRow {
  user_id: string;
  first_name: string;
  last_name: string;
  display_rank: string | null;
  afsc: string;
  display_duty_title: string | null;
  job_title: string | null;
}

/** Ids per statement, well under any database's limit of bound parameters. */
const chunk = 500;

export interface NamedEntry {
  id: string;
  name: string;
}

export function missionPlannerRepo(q: Queryable) {
  return {
    /**
     * Offered: both addresses configured, the mission-planner API set granted,
     * and registered for the environment this service runs as (production
     * credentials never leave a sandbox).
     */
    offeredPlugins(serviceEnvironment: Environment): Promise<PlannerPluginRow[]> {
      return q
        .selectFrom('plugins as p')
        .select(['p.client_id', 'p.secret_sealed', 'p.name', 'p.capabilities_url', 'p.candidates_url'])
        .where('p.capabilities_url', 'is not', null)
        .where('p.candidates_url', 'is not', null)
        .where('p.environment', '=', serviceEnvironment)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('plugin_permissions as x')
              .select('x.client_id')
              .whereRef('x.client_id', '=', 'p.client_id')
              .where('x.permission', '=', 'mission-planner'),
          ),
        )
        .orderBy('p.name')
        .orderBy('p.client_id')
        .$narrowType<{ capabilities_url: string; candidates_url: string }>()
        .execute();
    },
    async orgsOf(clientId: string): Promise<string[]> {
      const rows = await q
        .selectFrom('plugin_orgs')
        .select('org_id')
        .where('client_id', '=', clientId)
        .orderBy('org_id')
        .execute();
      return rows.map((row) => row.org_id);
    },
    async isTrainer(userId: string): Promise<boolean> {
      const row = await q.selectFrom('users').select('trainer').where('user_id', '=', userId).executeTakeFirst();
      return row?.trainer === 1;
    },
    /**
     * Of `userIds`, the people who belong to one of `orgIds`, in the order
     * asked; with `trainer`, only those the trainer trains for (members of
     * the org of a class they train, or students of such a class) or whom
     * a search through `trainer.pluginId` named to them.
     */
    async peopleIn(
      userIds: readonly string[],
      orgIds: readonly string[],
      trainer?: { userId: string; pluginId: string },
    ): Promise<PersonRow[]> {
      const trainerId = trainer?.userId;
      if (userIds.length === 0 || orgIds.length === 0) return [];
      const byId = new Map<string, PersonRow>();
      for (let start = 0; start < userIds.length; start += chunk) {
        const rows = await q
          .selectFrom('users')
          .select(['user_id', 'first_name', 'last_name', 'display_rank', 'afsc', 'display_duty_title', 'job_title'])
          .where('user_id', 'in', userIds.slice(start, start + chunk))
          .where('org_id', 'in', orgIds)
          .$if(trainerId !== undefined, (qb) =>
            qb.where((eb) =>
              eb.or([
                eb(
                  'org_id',
                  'in',
                  eb
                    .selectFrom('classes')
                    .innerJoin('class_trainers', 'class_trainers.class_id', 'classes.class_id')
                    .select('classes.org_id')
                    .where('class_trainers.user_id', '=', trainerId as string),
                ),
                eb(
                  'user_id',
                  'in',
                  eb
                    .selectFrom('students')
                    .innerJoin('class_trainers', 'class_trainers.class_id', 'students.class_id')
                    .select('students.user_id')
                    .where('class_trainers.user_id', '=', trainerId as string),
                ),
                eb(
                  'user_id',
                  'in',
                  eb
                    .selectFrom('planner_named')
                    .select('planner_named.user_id')
                    .where('planner_named.trainer_id', '=', trainerId as string)
                    .where('planner_named.plugin_id', '=', trainer?.pluginId ?? ''),
                ),
              ]),
            ),
          )
          .execute();
        for (const row of rows) byId.set(row.user_id, row);
      }
      return userIds.map((id) => byId.get(id)).filter((row): row is PersonRow => row !== undefined);
    },
    /** Of `userIds`, those who are students of a class `trainerId` trains. */
    async studentsOf(trainerId: string, userIds: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let start = 0; start < userIds.length; start += chunk) {
        const rows = await q
          .selectFrom('students')
          .innerJoin('class_trainers', 'class_trainers.class_id', 'students.class_id')
          .select('students.user_id')
          .distinct()
          .where('class_trainers.user_id', '=', trainerId)
          .where('students.user_id', 'in', userIds.slice(start, start + chunk))
          .execute();
        for (const row of rows) found.add(row.user_id);
      }
      return found;
    },
    /** Remembers whom a search through `pluginId` named to `trainerId`; true when someone was new. */
    async rememberNamed(trainerId: string, pluginId: string, userIds: readonly string[]): Promise<boolean> {
      let added = false;
      for (let start = 0; start < userIds.length; start += chunk) {
        const result = await q
          .insertInto('planner_named')
          .values(
            userIds
              .slice(start, start + chunk)
              .map((userId) => ({ trainer_id: trainerId, plugin_id: pluginId, user_id: userId })),
          )
          .onConflict((oc) => oc.columns(['trainer_id', 'plugin_id', 'user_id']).doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) added = true;
      }
      return added;
    },
    /**
     * Of `courseIds`, the courses in which a member of one of `orgIds` is
     * enrolled: the catalogue a plugin of those orgs reads through its course
     * badges (4.2), so a name is given only where the plugin could know it.
     */
    async coursesIn(courseIds: readonly string[], orgIds: readonly string[]): Promise<NamedEntry[]> {
      if (courseIds.length === 0 || orgIds.length === 0) return [];
      return q
        .selectFrom('courses as c')
        .select(['c.course_id as id', 'c.name'])
        .where('c.course_id', 'in', [...courseIds])
        .where('c.course_id', 'in', enrolledCourses(q, orgIds))
        .orderBy('c.course_id')
        .execute();
    },
    /**
     * Of `objectiveIds`, the objectives of those courses' course and
     * objective badges (criteria.objective), each once, by the name its
     * first badge gives it.
     */
    async objectivesIn(objectiveIds: readonly string[], orgIds: readonly string[]): Promise<NamedEntry[]> {
      if (objectiveIds.length === 0 || orgIds.length === 0) return [];
      const rows = await q
        .selectFrom('badge_criteria as x')
        .innerJoin('badges as b', 'b.badge_id', 'x.badge_id')
        .select(['x.entry_id as id', 'x.name'])
        .where('x.kind', '=', 'objective')
        .where('x.entry_id', 'in', [...objectiveIds])
        .where('b.kind', 'in', ['course', 'objective'])
        .where('b.course_id', 'in', enrolledCourses(q, orgIds))
        .orderBy('x.entry_id')
        .orderBy('x.badge_id')
        .execute();
      const byId = new Map<string, NamedEntry>();
      for (const row of rows) if (!byId.has(row.id)) byId.set(row.id, row);
      return [...byId.values()];
    },
  };
}

/** Courses in which a member of one of the orgs is enrolled (the badge listings' rule, 4.2). */
function enrolledCourses(q: Queryable, orgIds: readonly string[]) {
  return q
    .selectFrom('students as s')
    .innerJoin('classes as k', 'k.class_id', 's.class_id')
    .innerJoin('users as u', 'u.user_id', 's.user_id')
    .select('k.course_id')
    .where('u.org_id', 'in', [...orgIds]);
}
