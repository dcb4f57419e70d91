/**
 * Queries of the AI-plugin endpoints. Every read that takes orgs or users is
 * given lists already checked against the plugin's access by the handlers.
 */

import type { Selectable } from 'kysely';
import type {
  AdditionalInfoEntry,
  Badge,
  BadgeAssertion,
  LearningRecord,
  ModuleEntry,
  ObjectiveEntry,
  OtherSkill,
} from '../../../contract/plugin.ts';
import type { Queryable } from '../../data/database.ts';
import type { BadgeAssertionsTable, BadgesTable } from '../../data/schema.ts';

export type BadgeKind = 'course' | 'objective' | 'plugin';

/** A badge as the listings read it: the table's columns less who made it and when, the kind narrowed, and the course's version joined. */
export type BadgeRow = Omit<BadgesTable, 'kind' | 'created_by' | 'created_at'> & {
  kind: BadgeKind;
  course_version: string | null;
};

/** The columns of an assertion as the API shows it (not who asserted it, nor when). */
const assertionColumns = [
  'user_id',
  'badge_id',
  'name',
  'type',
  'image',
  'issued_on',
  'issuer_name',
  'lesson_id',
  'class_id',
  'version_id',
] as const;
type AssertionRow = Pick<Selectable<BadgeAssertionsTable>, (typeof assertionColumns)[number]>;

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

const badgeColumns = [
  'b.badge_id',
  'b.kind',
  'b.name',
  'b.type',
  'b.image',
  'b.proficiency',
  'b.description',
  'b.alignments',
  'b.tags',
  'b.course_id',
  'c.version as course_version',
] as const;

export function pluginRepo(q: Queryable) {
  const badgeRows = (badgeIds: readonly string[]) =>
    q
      .selectFrom('badges as b')
      .leftJoin('courses as c', 'c.course_id', 'b.course_id')
      .select(badgeColumns)
      .where('b.badge_id', 'in', badgeIds)
      .execute() as Promise<BadgeRow[]>;

  async function criteriaOf(
    badgeIds: readonly string[],
  ): Promise<Map<string, { module: ModuleEntry[]; objective: ObjectiveEntry[] }>> {
    const byBadge = new Map<string, { module: ModuleEntry[]; objective: ObjectiveEntry[] }>();
    for (const id of badgeIds) byBadge.set(id, { module: [], objective: [] });
    if (badgeIds.length === 0) return byBadge;
    const rows = await q
      .selectFrom('badge_criteria')
      .select(['badge_id', 'kind', 'entry_id', 'name', 'description'])
      .where('badge_id', 'in', [...new Set(badgeIds)])
      .orderBy('badge_id')
      .orderBy('kind')
      .orderBy('position')
      .orderBy('entry_id')
      .execute();
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

  async function toBadges(rows: readonly BadgeRow[]): Promise<Badge[]> {
    const criteria = await criteriaOf(rows.map((row) => row.badge_id));
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
    async visibleUsers(userIds: readonly string[], orgIds: readonly string[]): Promise<Set<string>> {
      if (userIds.length === 0 || orgIds.length === 0) return new Set();
      const rows = await q
        .selectFrom('users')
        .select('user_id')
        .where('user_id', 'in', userIds)
        .where('org_id', 'in', orgIds)
        .execute();
      return new Set(rows.map((row) => row.user_id));
    },

    /** One learning record per student (a user with at least one enrollment) of the orgs. */
    async records(orgIds: readonly string[]): Promise<LearningRecord[]> {
      if (orgIds.length === 0) return [];
      return q
        .selectFrom('users as u')
        .select((eb) => [
          'u.user_id as userId',
          eb.fn.coalesce('u.display_duty_title', 'u.job_title', eb.val('')).as('dutyTitle'),
          'u.afsc as afsc',
          'u.education as education',
        ])
        .where('u.org_id', 'in', orgIds)
        .where(({ exists, selectFrom }) =>
          exists(selectFrom('students as s').select('s.user_id').whereRef('s.user_id', '=', 'u.user_id')),
        )
        .orderBy('u.user_id')
        .execute();
    },

    async assertionsOf(userIds: readonly string[]): Promise<BadgeAssertion[]> {
      if (userIds.length === 0) return [];
      const rows = await q
        .selectFrom('badge_assertions')
        .select(assertionColumns)
        .where('user_id', 'in', userIds)
        .orderBy('user_id')
        .orderBy('seq')
        .execute();
      return rows.map(toAssertion);
    },

    async addAssertion(assertion: NewAssertion): Promise<void> {
      await q
        .insertInto('badge_assertions')
        .values({
          user_id: assertion.userId,
          badge_id: assertion.badgeId,
          name: assertion.name,
          type: assertion.type,
          image: assertion.image,
          issued_on: assertion.issuedOn,
          issuer_name: assertion.issuerName,
          lesson_id: assertion.lessonId ?? null,
          class_id: assertion.classId ?? null,
          version_id: assertion.versionId ?? null,
          asserted_by: assertion.assertedBy,
          created_at: assertion.createdAt,
        })
        .execute();
    },

    async badge(badgeId: string): Promise<BadgeRow | undefined> {
      return (await badgeRows([badgeId]))[0];
    },

    /** The badges named, in the order asked (unknown ids left out). */
    async badgesById(badgeIds: readonly string[]): Promise<Badge[]> {
      if (badgeIds.length === 0) return [];
      const byId = new Map((await badgeRows([...new Set(badgeIds)])).map((row) => [row.badge_id, row]));
      return toBadges(badgeIds.map((id) => byId.get(id)).filter((row): row is BadgeRow => row !== undefined));
    },

    async createBadge(badge: NewBadge): Promise<void> {
      await q
        .insertInto('badges')
        .values({
          badge_id: badge.badgeId,
          kind: 'plugin',
          name: badge.name,
          type: badge.type,
          image: badge.image,
          proficiency: badge.proficiency,
          description: badge.description ?? null,
          alignments: badge.alignments ?? null,
          tags: badge.tags ?? null,
          course_id: null,
          created_by: badge.createdBy,
          created_at: badge.createdAt,
        })
        .execute();
    },

    /** The class `classId` if `userId` is enrolled in it, with its course and the course's version. */
    enrollment(userId: string, classId: string) {
      return q
        .selectFrom('students as s')
        .innerJoin('classes as k', 'k.class_id', 's.class_id')
        .innerJoin('courses as c', 'c.course_id', 'k.course_id')
        .select(['k.class_id', 'k.course_id', 'c.version as course_version'])
        .where('s.user_id', '=', userId)
        .where('s.class_id', '=', classId)
        .executeTakeFirst();
    },

    lesson(lessonId: string) {
      return q
        .selectFrom('lessons')
        .select(['lesson_id', 'course_id'])
        .where('lesson_id', '=', lessonId)
        .executeTakeFirst();
    },

    /** Badges of one kind of every course in which a member of the orgs is enrolled. */
    async courseBadges(kind: 'course' | 'objective', orgIds: readonly string[]): Promise<Badge[]> {
      if (orgIds.length === 0) return [];
      const rows = (await q
        .selectFrom('badges as b')
        .innerJoin('courses as c', 'c.course_id', 'b.course_id')
        .select(badgeColumns)
        .where('b.kind', '=', kind)
        .where('b.course_id', 'in', (eb) =>
          eb
            .selectFrom('students as s')
            .innerJoin('classes as k', 'k.class_id', 's.class_id')
            .innerJoin('users as u', 'u.user_id', 's.user_id')
            .select('k.course_id')
            .where('u.org_id', 'in', orgIds),
        )
        .orderBy('b.course_id')
        .orderBy('b.badge_id')
        .execute()) as BadgeRow[];
      return toBadges(rows);
    },

    async otherSkills(userIds: readonly string[]): Promise<OtherSkill[]> {
      if (userIds.length === 0) return [];
      return q
        .selectFrom('other_skills')
        .select(['self_claimed_expertise as selfClaimedExpertise', 'level', 'user_id as userId'])
        .where('user_id', 'in', userIds)
        .orderBy('user_id')
        .orderBy('position')
        .execute();
    },

    /** Adds entries (call inside the write's transaction). */
    async addInfo(
      userId: string,
      clientId: string,
      entries: readonly AdditionalInfoEntry[],
      now: number,
    ): Promise<void> {
      if (entries.length === 0) return;
      await q
        .insertInto('additional_info')
        .values(
          entries.map((entry) => ({
            user_id: userId,
            client_id: clientId,
            title: entry.title,
            description: entry.description,
            created_at: now,
          })),
        )
        .execute();
    },

    /** Every entry this plugin has written about the user, oldest first. */
    infoOf(userId: string, clientId: string): Promise<AdditionalInfoEntry[]> {
      return q
        .selectFrom('additional_info')
        .select(['title', 'description'])
        .where('user_id', '=', userId)
        .where('client_id', '=', clientId)
        .orderBy('seq')
        .execute();
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
