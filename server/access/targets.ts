/**
 * Where a comment or a note would be filed, after every check a write of it
 * passes: who may write about whom, and ids that agree with each other. The
 * comment and note creates resolve their target here, and so does the
 * audience a form shows before saving, so a form is told nothing its create
 * would not: not who trains a class the caller may not write about, not
 * whether an id the caller may not see exists.
 */

import type { CreateCommentBody } from '../../contract/comments.ts';
import type { ErrorIssue } from '../../contract/common.ts';
import type { CreateNoteBody, Note } from '../../contract/notes.ts';
import type { Queryable } from '../data/database.ts';
import { runPrepared } from '../data/prepared.ts';
import { anonymousNotAllowed, badRequest, notFound } from '../errors.ts';
import { TRAINING_SCOPE, type UserCaller } from './authenticator.ts';
import { canSee } from './people.ts';

/** Where the ids came from, for the issues' paths. */
type Source = 'body' | 'query';

/** Whether the user is a trainer of the class. */
async function teaches(q: Queryable, classId: string, userId: string): Promise<boolean> {
  const rows = await runPrepared(q, 'class-trainer', { classId, userId }, (p) =>
    q.selectFrom('class_trainers').select('class_id').where('class_id', '=', p.classId).where('user_id', '=', p.userId),
  );
  return rows.length > 0;
}

/** What a comment is filed under; the student (and lesson) are checked when given. */
export type CommentTarget = Pick<CreateCommentBody, 'classId' | 'lessonId'> & {
  readonly studentId?: string | undefined;
};

// The checks every comment passes, compiled once (see data/prepared.ts): a comment is written often.
const commentFacts = (q: Queryable) => ({
  student: async (studentId: string) =>
    (
      await runPrepared(q, 'comment:student', { studentId }, (p) =>
        q.selectFrom('students').select(['student_id', 'user_id', 'class_id']).where('student_id', '=', p.studentId),
      )
    )[0],
  class: async (classId: string) =>
    (
      await runPrepared(q, 'comment:class', { classId }, (p) =>
        q.selectFrom('classes').select(['class_id', 'course_id']).where('class_id', '=', p.classId),
      )
    )[0],
  lesson: async (lessonId: string) =>
    (
      await runPrepared(q, 'comment:lesson', { lessonId }, (p) =>
        q.selectFrom('lessons').select(['lesson_id', 'course_id']).where('lesson_id', '=', p.lessonId),
      )
    )[0],
});

/**
 * Where a comment would be filed, after the checks every comment passes: the
 * caller trains the class, the student is enrolled in it, the lesson is of its
 * course.
 */
export async function commentTarget(
  q: Queryable,
  caller: UserCaller,
  body: CommentTarget,
  from: Source = 'body',
): Promise<{ classId: string; courseId: string; student?: { studentId: string; userId: string } }> {
  // No anonymous account trains a class: said as the platform says it (4035), before any id is looked at.
  if (caller.anonymous) {
    throw anonymousNotAllowed('An anonymous account cannot comment on students: only the trainers of a class do');
  }
  const facts = commentFacts(q);
  const klass = await facts.class(body.classId);
  // A class the caller does not train is answered exactly as one that does not exist (404), as the
  // student list answers it: a 403 would tell anyone which class ids exist. Checked before anything is
  // said about the student, so only the class's trainers learn who is enrolled.
  if (!klass || !(await teaches(q, klass.class_id, caller.userId))) throw notFound(`Class "${body.classId}"`);
  let student: { studentId: string; userId: string } | undefined;
  if (body.studentId !== undefined) {
    const enrolled = await facts.student(body.studentId);
    // A student of a class the caller does not train is "not found", exactly as an unknown one: a 400
    // here would tell any trainer which studentIds exist elsewhere. One they train in another class
    // is theirs to know, and the 400 says what is wrong.
    if (!enrolled || (enrolled.class_id !== klass.class_id && !(await teaches(q, enrolled.class_id, caller.userId)))) {
      throw notFound(`Student "${body.studentId}"`);
    }
    if (enrolled.class_id !== klass.class_id) {
      throw badRequest(`Student "${body.studentId}" is not enrolled in class "${body.classId}"`, [
        { path: `${from}.studentId`, message: `is not enrolled in class "${body.classId}"` },
      ]);
    }
    student = { studentId: enrolled.student_id, userId: enrolled.user_id };
  }
  if (body.lessonId !== undefined) {
    const lesson = await facts.lesson(body.lessonId);
    if (!lesson) throw notFound(`Lesson "${body.lessonId}"`);
    if (lesson.course_id !== klass.course_id) {
      throw badRequest(`Lesson "${body.lessonId}" is not part of the course of class "${body.classId}"`, [
        { path: `${from}.lessonId`, message: `is not part of the course of class "${body.classId}"` },
      ]);
    }
  }
  return { classId: klass.class_id, courseId: klass.course_id, ...(student ? { student } : {}) };
}

/** A note body without its text: what decides where the note is filed and who reads it. */
export type NoteTarget = Omit<CreateNoteBody, 'text'>;
/** The ids of a note, derived and checked. */
export type NoteIds = Pick<Note, 'userId' | 'classId' | 'studentId' | 'courseId' | 'lessonId'>;

/** The facts a note's automatic metadata is derived from. */
const noteFacts = (q: Queryable) => ({
  student: (studentId: string) =>
    q
      .selectFrom('students as s')
      .innerJoin('classes as c', 'c.class_id', 's.class_id')
      .select(['s.user_id', 's.class_id', 'c.course_id'])
      .where('s.student_id', '=', studentId)
      .executeTakeFirst(),
  classCourse: async (classId: string) =>
    (await q.selectFrom('classes').select('course_id').where('class_id', '=', classId).executeTakeFirst())?.course_id,
  lessonCourse: async (lessonId: string) =>
    (await q.selectFrom('lessons').select('course_id').where('lesson_id', '=', lessonId).executeTakeFirst())?.course_id,
  courseExists: async (courseId: string) =>
    (await q.selectFrom('courses').select('course_id').where('course_id', '=', courseId).executeTakeFirst()) !==
    undefined,
});

/** Sets `field` to a derived value, or records a disagreement with what was given. */
function derive(
  note: Record<string, string | null>,
  issues: ErrorIssue[],
  where: Source,
  field: 'userId' | 'classId' | 'courseId',
  value: string,
  from: string,
): void {
  const given = note[field];
  if (given != null && given !== value) {
    issues.push({ path: `${where}.${field}`, message: `is "${given}" but ${from} belongs to "${value}"` });
  } else {
    note[field] = value;
  }
}

/**
 * The ids a note would be filed under, after every check a note passes (the
 * training-dashboard rule, who may write about whom, ids that agree). A
 * student of a class the caller does not train, or a user they may not see,
 * is answered as an unknown one (404).
 */
export async function resolveNote(
  q: Queryable,
  caller: UserCaller,
  body: NoteTarget,
  from: Source = 'body',
): Promise<NoteIds> {
  const facts = noteFacts(q);
  // A person's own notes (a user note about themselves) are their notebook, not a training-dashboard note.
  const aboutSelf = body.studentId === undefined && body.userId === caller.userId;
  if (caller.scopes.has(TRAINING_SCOPE) && !aboutSelf) {
    const missing = (['studentId', 'lessonId'] as const).filter((field) => body[field] === undefined);
    if (missing.length > 0) {
      throw badRequest(
        'A note created for the training dashboard must name a student (studentId) and a lesson (lessonId); only a note about yourself needs neither',
        missing.map((field) => ({ path: `${from}.${field}`, message: 'is required for a training-dashboard note' })),
      );
    }
  }
  const note: Record<'userId' | 'classId' | 'studentId' | 'courseId' | 'lessonId', string | null> = {
    userId: body.userId ?? null,
    classId: body.classId ?? null,
    studentId: body.studentId ?? null,
    courseId: body.courseId ?? null,
    lessonId: body.lessonId ?? null,
  };
  const issues: ErrorIssue[] = [];
  /** The course of the student's class: a lesson named must be one of its lessons. */
  let studentCourse: string | undefined;

  if (body.studentId !== undefined) {
    const student = await facts.student(body.studentId);
    // A student of a class the caller does not train is "not found": nothing about them is revealed.
    if (!student || !(await teaches(q, student.class_id, caller.userId))) throw notFound(`Student "${body.studentId}"`);
    derive(note, issues, from, 'userId', student.user_id, 'the student');
    derive(note, issues, from, 'classId', student.class_id, 'the student');
    derive(note, issues, from, 'courseId', student.course_id, 'the student');
    studentCourse = student.course_id;
  } else if (body.lessonId !== undefined || body.classId !== undefined || body.courseId !== undefined) {
    throw badRequest('A note about a specific user names only userId; name studentId for a class or lesson note', [
      { path: `${from}.studentId`, message: 'is required when a class, course or lesson is named' },
    ]);
  }
  if (body.classId !== undefined) {
    const course = await facts.classCourse(body.classId);
    if (course === undefined) throw notFound(`Class "${body.classId}"`);
    derive(note, issues, from, 'courseId', course, 'the class');
  }
  if (body.lessonId !== undefined) {
    const course = await facts.lessonCourse(body.lessonId);
    if (course === undefined) throw notFound(`Lesson "${body.lessonId}"`);
    // The lesson is what is wrong when it is not of the student's course: that course is settled.
    if (studentCourse !== undefined && studentCourse !== course) {
      issues.push({
        path: `${from}.lessonId`,
        message: `is a lesson of "${course}", not of the student's course "${studentCourse}"`,
      });
    } else {
      derive(note, issues, from, 'courseId', course, 'the lesson');
    }
  }
  if (body.courseId !== undefined && !(await facts.courseExists(body.courseId)))
    throw notFound(`Course "${body.courseId}"`);
  if (issues.length > 0) throw badRequest('The ids of the note disagree with each other', issues);

  const userId = note.userId;
  if (userId === null) throw badRequest('A note is about a student (studentId) or a user (userId)');
  // Unknown, or not someone the caller may see: the same answer, so userIds cannot be probed.
  if (!(await canSee(q, caller.userId, userId))) throw notFound(`User "${userId}"`);
  return { userId, classId: note.classId, studentId: note.studentId, courseId: note.courseId, lessonId: note.lessonId };
}
