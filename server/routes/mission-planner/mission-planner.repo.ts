/** SQL of the mission planner: which plugins are offered, their orgs, and who candidates are. */
import type { Environment } from '../../../contract/sandbox.ts';
import type { Db } from '../../db/database.ts';

export interface PlannerPluginRow {
  client_id: string;
  client_secret: string;
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
const marks = (count: number) => Array.from({ length: count }, () => '?').join(', ');

export function missionPlannerRepo(db: Db) {
  // Offered: both addresses configured, the mission-planner API set granted,
  // and registered for the environment this service runs as.
  const offered = db.prepare<[Environment], PlannerPluginRow>(
    `SELECT p.client_id, p.client_secret, p.name, p.capabilities_url, p.candidates_url
     FROM plugins p
     WHERE p.capabilities_url IS NOT NULL AND p.candidates_url IS NOT NULL
       AND p.environment = ?
       AND EXISTS (SELECT 1 FROM plugin_permissions x WHERE x.client_id = p.client_id AND x.permission = 'mission-planner')
     ORDER BY p.name, p.client_id`,
  );
  const orgsOf = db.prepare<[string], { org_id: string }>(
    'SELECT org_id FROM plugin_orgs WHERE client_id = ? ORDER BY org_id',
  );
  const trainer = db.prepare<[string], { trainer: number }>('SELECT trainer FROM users WHERE user_id = ?');

  return {
    offeredPlugins(serviceEnvironment: Environment): PlannerPluginRow[] {
      // Only plugins registered for this environment: production credentials never leave a sandbox.
      return offered.all(serviceEnvironment);
    },
    orgsOf(clientId: string): string[] {
      return orgsOf.all(clientId).map((row) => row.org_id);
    },
    isTrainer(userId: string): boolean {
      return trainer.get(userId)?.trainer === 1;
    },
    /** Of `userIds`, the people who belong to one of `orgIds`, in the order asked. */
    peopleIn(userIds: readonly string[], orgIds: readonly string[]): PersonRow[] {
      if (userIds.length === 0 || orgIds.length === 0) return [];
      const byId = new Map<string, PersonRow>();
      for (let start = 0; start < userIds.length; start += chunk) {
        const part = userIds.slice(start, start + chunk);
        const rows = db
          .prepare<string[], PersonRow>(
            `SELECT user_id, first_name, last_name, display_rank, afsc, display_duty_title, job_title FROM users
             WHERE user_id IN (${marks(part.length)}) AND org_id IN (${marks(orgIds.length)})`,
          )
          .all(...part, ...orgIds);
        for (const row of rows) byId.set(row.user_id, row);
      }
      return userIds.map((id) => byId.get(id)).filter((row): row is PersonRow => row !== undefined);
    },
  };
}
export type MissionPlannerRepo = ReturnType<typeof missionPlannerRepo>;
