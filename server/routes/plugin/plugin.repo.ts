/**
 * SQL of the AI-plugin endpoints. Every read that takes orgs or users is
 * given lists already checked against the plugin's access by the handlers;
 * lists of ids become `IN (?, ?, ...)` so the SQL stays portable.
 */

import type { Statement } from 'better-sqlite3';
import type {
  AdditionalInfoEntry,
  Badge,
  BadgeAssertion,
  LearningRecord,
  ModuleEntry,
  ObjectiveEntry,
  OtherSkill,
} from '../../../contract/plugin.ts';
import type { Db } from '../../db/database.ts';

const marks = (count: number) => Array.from({ length: count }, () => '?').join(', ');

export type BadgeKind = 'course' | 'objective' | 'plugin';

export interface BadgeRow {
  badge_id: string;
  kind: BadgeKind;
  name: string;
  type: string;
  image: string;
  proficiency: number;
  description: string | null;
  alignments: string | null;
  tags: string | null;
  course_id: string | null;
  course_version: string | null;
}

interface CriterionRow {
  badge_id: string;
  kind: 'objective' | 'module';
  entry_id: string;
  name: string;
  description: string;
}

interface AssertionRow {
  user_id: string;
  badge_id: string;
  name: string;
  type: string;
  image: string;
  issued_on: string;
  issuer_name: string;
  lesson_id: string | null;
  class_id: string | null;
  version_id: string | null;
}

export interface NewAssertion extends BadgeAssertion {
  readonly assertedBy: string;
  readonly createdAt: number;
}

export interface NewBadge {
  readonly badgeId: string;
  readonly name: string;
  readonly type: string;
  readonly image: string;
  readonly proficiency: number;
  readonly description?: string | undefined;
  readonly alignments?: string | undefined;
  readonly tags?: string | undefined;
  readonly createdBy: string;
  readonly createdAt: number;
}

const badgeColumns = `b.badge_id, b.kind, b.name, b.type, b.image, b.proficiency, b.description, b.alignments, b.tags,
  b.course_id, c.version AS course_version`;

export function pluginRepo(db: Db) {
  // Statements with IN lists differ only by their number of marks: prepare each once.
  const statements = new Map<string, Statement>();
  const prep = <P extends unknown[], R>(sql: string): Statement<P, R> => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement as unknown as Statement<P, R>;
  };
  const badgeById = db.prepare<[string], BadgeRow>(
    `SELECT ${badgeColumns} FROM badges b LEFT JOIN courses c ON c.course_id = b.course_id WHERE b.badge_id = ?`,
  );
  const enrollment = db.prepare<[string, string], { class_id: string; course_id: string; course_version: string }>(
    `SELECT k.class_id, k.course_id, c.version AS course_version
     FROM students s JOIN classes k ON k.class_id = s.class_id JOIN courses c ON c.course_id = k.course_id
     WHERE s.user_id = ? AND s.class_id = ?`,
  );
  const lessonById = db.prepare<[string], { lesson_id: string; course_id: string }>(
    'SELECT lesson_id, course_id FROM lessons WHERE lesson_id = ?',
  );
  const insertAssertion = db.prepare(
    `INSERT INTO badge_assertions (user_id, badge_id, name, type, image, issued_on, issuer_name, lesson_id, class_id,
       version_id, asserted_by, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertBadge = db.prepare(
    `INSERT INTO badges (badge_id, kind, name, type, image, proficiency, description, alignments, tags, course_id,
       created_by, created_at)
     VALUES (?, 'plugin', ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
  );
  const insertInfo = db.prepare(
    'INSERT INTO additional_info (user_id, client_id, title, description, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const infoOf = db.prepare<[string, string], AdditionalInfoEntry>(
    'SELECT title, description FROM additional_info WHERE user_id = ? AND client_id = ? ORDER BY seq',
  );

  function criteriaOf(
    badgeIds: readonly string[],
  ): Map<string, { module: ModuleEntry[]; objective: ObjectiveEntry[] }> {
    const byBadge = new Map<string, { module: ModuleEntry[]; objective: ObjectiveEntry[] }>();
    for (const id of badgeIds) byBadge.set(id, { module: [], objective: [] });
    if (badgeIds.length === 0) return byBadge;
    const rows = prep<string[], CriterionRow>(
      `SELECT badge_id, kind, entry_id, name, description FROM badge_criteria
         WHERE badge_id IN (${marks(badgeIds.length)}) ORDER BY badge_id, kind, position, entry_id`,
    ).all(...badgeIds);
    for (const row of rows) {
      const criteria = byBadge.get(row.badge_id);
      if (!criteria) continue;
      if (row.kind === 'module') {
        criteria.module.push({ moduleId: row.entry_id, moduleName: row.name, moduleDescription: row.description });
      } else {
        criteria.objective.push({
          objectiveId: row.entry_id,
          objectiveName: row.name,
          objectiveDescription: row.description,
        });
      }
    }
    return byBadge;
  }

  function toBadges(rows: readonly BadgeRow[]): Badge[] {
    const criteria = criteriaOf(rows.map((row) => row.badge_id));
    return rows.map((row) => ({
      badgeId: row.badge_id,
      name: row.name,
      type: row.type,
      image: row.image,
      proficiency: row.proficiency,
      ...(row.description !== null ? { description: row.description } : {}),
      criteria: criteria.get(row.badge_id) ?? { module: [], objective: [] },
      ...(row.alignments !== null ? { alignments: row.alignments } : {}),
      ...(row.tags !== null ? { tags: row.tags } : {}),
      ...(row.course_id !== null ? { courseId: row.course_id } : {}),
      ...(row.course_version !== null ? { courseVersion: row.course_version } : {}),
    }));
  }

  return {
    /** Of `userIds`, those whose org is among `orgIds`. */
    visibleUsers(userIds: readonly string[], orgIds: readonly string[]): Set<string> {
      if (userIds.length === 0 || orgIds.length === 0) return new Set();
      const rows = prep<string[], { user_id: string }>(
        `SELECT user_id FROM users WHERE user_id IN (${marks(userIds.length)}) AND org_id IN (${marks(orgIds.length)})`,
      ).all(...userIds, ...orgIds);
      return new Set(rows.map((row) => row.user_id));
    },

    /** One learning record per student (a user with at least one enrollment) of the orgs. */
    records(orgIds: readonly string[]): LearningRecord[] {
      if (orgIds.length === 0) return [];
      return prep<string[], LearningRecord>(
        `SELECT u.user_id AS userId, COALESCE(u.display_duty_title, u.job_title, '') AS dutyTitle,
             u.afsc AS afsc, u.education AS education
           FROM users u
           WHERE u.org_id IN (${marks(orgIds.length)})
             AND EXISTS (SELECT 1 FROM students s WHERE s.user_id = u.user_id)
           ORDER BY u.user_id`,
      ).all(...orgIds);
    },

    assertionsOf(userIds: readonly string[]): BadgeAssertion[] {
      if (userIds.length === 0) return [];
      const rows = prep<string[], AssertionRow>(
        `SELECT user_id, badge_id, name, type, image, issued_on, issuer_name, lesson_id, class_id, version_id
           FROM badge_assertions WHERE user_id IN (${marks(userIds.length)}) ORDER BY user_id, seq`,
      ).all(...userIds);
      return rows.map(toAssertion);
    },

    addAssertion(assertion: NewAssertion): void {
      insertAssertion.run(
        assertion.userId,
        assertion.badgeId,
        assertion.name,
        assertion.type,
        assertion.image,
        assertion.issuedOn,
        assertion.issuerName,
        assertion.lessonId ?? null,
        assertion.classId ?? null,
        assertion.versionId ?? null,
        assertion.assertedBy,
        assertion.createdAt,
      );
    },

    badge(badgeId: string): BadgeRow | undefined {
      return badgeById.get(badgeId);
    },

    badgesById(badgeIds: readonly string[]): Badge[] {
      const rows = badgeIds.map((id) => badgeById.get(id)).filter((row): row is BadgeRow => row !== undefined);
      return toBadges(rows);
    },

    createBadge(badge: NewBadge): void {
      insertBadge.run(
        badge.badgeId,
        badge.name,
        badge.type,
        badge.image,
        badge.proficiency,
        badge.description ?? null,
        badge.alignments ?? null,
        badge.tags ?? null,
        badge.createdBy,
        badge.createdAt,
      );
    },

    /** The class `classId` if `userId` is enrolled in it, with its course and the course's version. */
    enrollment(userId: string, classId: string) {
      return enrollment.get(userId, classId);
    },

    lesson(lessonId: string) {
      return lessonById.get(lessonId);
    },

    /** Badges of one kind of every course in which a member of the orgs is enrolled. */
    courseBadges(kind: 'course' | 'objective', orgIds: readonly string[]): Badge[] {
      if (orgIds.length === 0) return [];
      const rows = prep<string[], BadgeRow>(
        `SELECT ${badgeColumns} FROM badges b JOIN courses c ON c.course_id = b.course_id
           WHERE b.kind = ? AND b.course_id IN (
             SELECT k.course_id FROM students s
             JOIN classes k ON k.class_id = s.class_id
             JOIN users u ON u.user_id = s.user_id
             WHERE u.org_id IN (${marks(orgIds.length)}))
           ORDER BY b.course_id, b.badge_id`,
      ).all(kind, ...orgIds);
      return toBadges(rows);
    },

    otherSkills(userIds: readonly string[]): OtherSkill[] {
      if (userIds.length === 0) return [];
      return prep<string[], OtherSkill>(
        `SELECT self_claimed_expertise AS selfClaimedExpertise, level, user_id AS userId
           FROM other_skills WHERE user_id IN (${marks(userIds.length)}) ORDER BY user_id, position`,
      ).all(...userIds);
    },

    /** Adds entries and answers every entry this plugin has written about the user, oldest first. */
    addInfo(
      userId: string,
      clientId: string,
      entries: readonly AdditionalInfoEntry[],
      now: number,
    ): AdditionalInfoEntry[] {
      db.transaction(() => {
        for (const entry of entries) insertInfo.run(userId, clientId, entry.title, entry.description, now);
      })();
      return infoOf.all(userId, clientId);
    },
  };
}
export type PluginRepo = ReturnType<typeof pluginRepo>;

function toAssertion(row: AssertionRow): BadgeAssertion {
  return {
    userId: row.user_id,
    badgeId: row.badge_id,
    name: row.name,
    type: row.type,
    image: row.image,
    issuedOn: row.issued_on,
    issuerName: row.issuer_name,
    ...(row.lesson_id !== null ? { lessonId: row.lesson_id } : {}),
    ...(row.class_id !== null ? { classId: row.class_id } : {}),
    ...(row.version_id !== null ? { versionId: row.version_id } : {}),
  };
}
