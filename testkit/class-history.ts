/**
 * A class with a history of a given size, added to a SQLite database that
 * holds the demo (benches): in the demo's cyber course and org, `students`
 * new students, `entries` entries about them (comments and notes by turns),
 * a minute apart, all written by `trainerId`, who trains the class.
 * With `orgMembers`, the students are members of the class's org (as the
 * demo's and the bulk students are), so a plugin of that org may name them.
 */
import { sql } from 'kysely';
import { demoIds } from '../sandbox/demo-ids.ts';
import { openDatabase } from '../server/data/database.ts';

export interface ClassHistory {
  readonly classId: string;
  readonly trainerId: string;
  readonly students: number;
  readonly entries: number;
  readonly orgMembers?: boolean;
}

const BATCH = 500;

export async function addClassWithHistory(file: string, spec: ClassHistory): Promise<void> {
  const { classId, trainerId, students, entries, orgMembers = false } = spec;
  const db = await openDatabase({ file });
  try {
    const course = await db.q
      .selectFrom('classes')
      .select(['course_id', 'org_id'])
      .where('class_id', '=', demoIds.classes.cyberA)
      .executeTakeFirstOrThrow();
    const lessons = (
      await db.q.selectFrom('lessons').select('lesson_id').where('course_id', '=', course.course_id).execute()
    ).map((l) => l.lesson_id);
    const now = Math.floor(Date.now() / 1000);
    await db.transaction(async (tx) => {
      await tx
        .insertInto('classes')
        .values({
          class_id: classId,
          course_id: course.course_id,
          name: `Bench class of ${entries}`,
          org_id: course.org_id,
        })
        .execute();
      await tx.insertInto('class_trainers').values({ class_id: classId, user_id: trainerId }).execute();
      const people = Array.from({ length: students }, (_, i) => `${classId}-u${i}`);
      await tx
        .insertInto('users')
        .values(
          people.map((userId, i) => ({
            user_id: userId,
            handle: `@${userId}`,
            first_name: 'Bench',
            last_name: `Student ${i}`,
            user_type: 'adult',
            account_type: 'Adult',
            country: 'US',
            profile_pic: null,
            cover_photo: null,
            email: `${userId}@bench.example`,
            trainee: 1 as const,
            afsc: '3D0X2',
            education: 'CCAF',
            military_grade: null,
            display_rank: null,
            gender: null,
            display_duty_title: null,
            civilian_grade: null,
            civilian_band: null,
            job_series_number: null,
            job_title: null,
            org_id: orgMembers ? course.org_id : null,
            created_at: now,
          })),
        )
        .execute();
      await tx
        .insertInto('students')
        .values(people.map((userId) => ({ student_id: `${userId}-s`, user_id: userId, class_id: classId })))
        .execute();
      for (let start = 0; start < entries; start += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, entries - start) }, (_, k) => start + k);
        const comments = rows.filter((i) => i % 2 === 0);
        const notes = rows.filter((i) => i % 2 === 1);
        const studentOf = (i: number) => `${classId}-u${i % students}-s`;
        const lessonOf = (i: number) => lessons[i % lessons.length] ?? null;
        if (comments.length > 0) {
          await tx
            .insertInto('comments')
            .values(
              comments.map((i) => ({
                comment_id: `${classId}-c${i}`,
                student_id: studentOf(i),
                author_id: trainerId,
                class_id: classId,
                course_id: course.course_id,
                lesson_id: lessonOf(i),
                text: `Entry ${i}: completed the lesson checklist with one prompt.`,
                created_at: now - (entries - i) * 60,
                edited_at: null,
                withdrawn_at: null,
              })),
            )
            .execute();
        }
        if (notes.length > 0) {
          await tx
            .insertInto('notes')
            .values(
              notes.map((i) => ({
                note_id: `${classId}-n${i}`,
                author_id: trainerId,
                text: `Entry ${i}: steady progress, review the safety brief.`,
                user_id: `${classId}-u${i % students}`,
                class_id: classId,
                student_id: studentOf(i),
                course_id: course.course_id,
                lesson_id: lessonOf(i),
                category: 'lesson',
                created_at: now - (entries - i) * 60,
                edited_at: null,
              })),
            )
            .execute();
        }
      }
    });
    await sql`ANALYZE`.execute(db.q);
  } finally {
    await db.close();
  }
}
