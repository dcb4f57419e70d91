/** Queries of the plugin part of the demo data: what it reads of the seeded platform, and the rows it adds. */
import type { Queryable } from '../server/data/database.ts';
import type { RowBuffer } from './row-buffer.ts';

export interface SeedCourse {
  readonly course_id: string;
  readonly name: string;
  readonly version: string;
}

export interface SeedEnrollment {
  readonly student_id: string;
  readonly user_id: string;
  readonly class_id: string;
  readonly course_id: string;
  readonly afsc: string;
  readonly org_name: string | null;
}

export interface SeedBadge {
  readonly badgeId: string;
  readonly kind: 'course' | 'objective';
  readonly name: string;
  readonly type: string;
  readonly image: string;
  readonly proficiency: number;
  readonly description: string;
  readonly alignments: string;
  readonly tags: string;
  readonly courseId: string;
  readonly createdAt: number;
}

export interface SeedCriterion {
  readonly badgeId: string;
  readonly kind: 'objective' | 'module';
  readonly entryId: string;
  readonly name: string;
  readonly description: string;
  readonly position: number;
}

export interface SeedAssertion {
  readonly userId: string;
  readonly badgeId: string;
  readonly name: string;
  readonly type: string;
  readonly image: string;
  readonly issuedOn: string;
  readonly issuerName: string;
  readonly lessonId: string;
  readonly classId: string;
  readonly versionId: string;
  readonly createdAt: number;
}

export function pluginDataRepo(q: Queryable, rows: RowBuffer) {
  return {
    courses(): Promise<SeedCourse[]> {
      return q.selectFrom('courses').select(['course_id', 'name', 'version']).orderBy('course_id').execute();
    },
    lessonsOf(courseId: string): Promise<{ lesson_id: string; name: string }[]> {
      return q
        .selectFrom('lessons')
        .select(['lesson_id', 'name'])
        .where('course_id', '=', courseId)
        .orderBy('position')
        .orderBy('lesson_id')
        .execute();
    },
    enrollments(): Promise<SeedEnrollment[]> {
      return q
        .selectFrom('students as s')
        .innerJoin('classes as k', 'k.class_id', 's.class_id')
        .innerJoin('users as u', 'u.user_id', 's.user_id')
        .leftJoin('orgs as o', 'o.org_id', 'k.org_id')
        .select(['s.student_id', 's.user_id', 's.class_id', 'k.course_id', 'u.afsc', 'o.name as org_name'])
        .orderBy('s.student_id')
        .execute();
    },
    /** People of an org (not anonymous), who may claim hobbies and skills. */
    members(): Promise<{ user_id: string }[]> {
      return q
        .selectFrom('users')
        .select('user_id')
        .where('anonymous', '=', 0)
        .where('org_id', 'is not', null)
        .orderBy('user_id')
        .execute();
    },
    addBadge(badge: SeedBadge, criteria: readonly SeedCriterion[]): void {
      rows.add('badges', {
        badge_id: badge.badgeId,
        kind: badge.kind,
        name: badge.name,
        type: badge.type,
        image: badge.image,
        proficiency: badge.proficiency,
        description: badge.description,
        alignments: badge.alignments,
        tags: badge.tags,
        course_id: badge.courseId,
        created_by: null,
        created_at: badge.createdAt,
      });
      for (const c of criteria) {
        rows.add('badge_criteria', {
          badge_id: c.badgeId,
          kind: c.kind,
          entry_id: c.entryId,
          name: c.name,
          description: c.description,
          position: c.position,
        });
      }
    },
    addAssertion(a: SeedAssertion): void {
      rows.add('badge_assertions', {
        user_id: a.userId,
        badge_id: a.badgeId,
        name: a.name,
        type: a.type,
        image: a.image,
        issued_on: a.issuedOn,
        issuer_name: a.issuerName,
        lesson_id: a.lessonId,
        class_id: a.classId,
        version_id: a.versionId,
        asserted_by: null,
        created_at: a.createdAt,
      });
    },
    addSkill(userId: string, position: number, expertise: string, level: string): void {
      rows.add('other_skills', { user_id: userId, position, self_claimed_expertise: expertise, level });
    },
    /** Writes the rows added so far. */
    flush: () => rows.flush(),
  };
}
