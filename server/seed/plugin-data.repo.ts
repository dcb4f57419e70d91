/** SQL of the plugin part of the demo data: what it reads of the seeded platform, and what it adds. */
import type { Db } from '../db/database.ts';

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

export function pluginDataRepo(db: Db) {
  const insertBadge = db.prepare(
    `INSERT INTO badges (badge_id, kind, name, type, image, proficiency, description, alignments, tags, course_id,
       created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)`,
  );
  const insertCriterion = db.prepare(
    'INSERT INTO badge_criteria (badge_id, kind, entry_id, name, description, position) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertAssertion = db.prepare(
    `INSERT INTO badge_assertions (user_id, badge_id, name, type, image, issued_on, issuer_name, lesson_id, class_id,
       version_id, asserted_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)`,
  );
  const insertSkill = db.prepare(
    'INSERT INTO other_skills (user_id, position, self_claimed_expertise, level) VALUES (?, ?, ?, ?)',
  );

  return {
    courses(): SeedCourse[] {
      return db.prepare<[], SeedCourse>('SELECT course_id, name, version FROM courses ORDER BY course_id').all();
    },
    lessonsOf(courseId: string): { lesson_id: string; name: string }[] {
      return db
        .prepare<[string], { lesson_id: string; name: string }>(
          'SELECT lesson_id, name FROM lessons WHERE course_id = ? ORDER BY position, lesson_id',
        )
        .all(courseId);
    },
    enrollments(): SeedEnrollment[] {
      return db
        .prepare<[], SeedEnrollment>(
          `SELECT s.student_id, s.user_id, s.class_id, k.course_id, u.afsc, o.name AS org_name
           FROM students s JOIN classes k ON k.class_id = s.class_id JOIN users u ON u.user_id = s.user_id
           LEFT JOIN orgs o ON o.org_id = k.org_id
           ORDER BY s.student_id`,
        )
        .all();
    },
    /** People of an org (not anonymous), who may claim hobbies and skills. */
    members(): { user_id: string }[] {
      return db
        .prepare<[], { user_id: string }>(
          'SELECT user_id FROM users WHERE anonymous = 0 AND org_id IS NOT NULL ORDER BY user_id',
        )
        .all();
    },
    addBadge(badge: SeedBadge, criteria: readonly SeedCriterion[]): void {
      insertBadge.run(
        badge.badgeId,
        badge.kind,
        badge.name,
        badge.type,
        badge.image,
        badge.proficiency,
        badge.description,
        badge.alignments,
        badge.tags,
        badge.courseId,
        badge.createdAt,
      );
      for (const c of criteria) insertCriterion.run(c.badgeId, c.kind, c.entryId, c.name, c.description, c.position);
    },
    addAssertion(a: SeedAssertion): void {
      insertAssertion.run(
        a.userId,
        a.badgeId,
        a.name,
        a.type,
        a.image,
        a.issuedOn,
        a.issuerName,
        a.lessonId,
        a.classId,
        a.versionId,
        a.createdAt,
      );
    },
    addSkill(userId: string, position: number, expertise: string, level: string): void {
      insertSkill.run(userId, position, expertise, level);
    },
  };
}
