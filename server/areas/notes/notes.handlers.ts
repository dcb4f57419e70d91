/**
 * Section 4.4: notes. The service adds what it can derive (lesson -> course,
 * class -> course, student -> user, class and course) and refuses a body
 * whose ids disagree. A note is read by its author and the trainers of its
 * class, and deleted by its author only. Creating one never tells a caller
 * whether an id they may not see exists: a student of a class they do not
 * train, or a user they may not see, is answered as an unknown one (404).
 */
import { randomUUID } from 'node:crypto';
import type { ErrorIssue } from '../../../contract/common.ts';
import { type CreateNoteBody, type Note, noteCategoryOf } from '../../../contract/notes.ts';
import { TRAINING_SCOPE, type UserCaller } from '../../access/authenticator.ts';
import { type Listed, listScope, readList } from '../../data/paging.ts';
import { bump } from '../../data/versions.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { type UsersRepo, usersRepo } from '../profile/users.repo.ts';
import { type NoteListFilters, type NotesRepo, notesRepo, type StoredNote } from './notes.repo.ts';

const publicNote = ({ authorId: _authorId, ...note }: StoredNote): Note => note;

/** A note body without its text: what decides where the note is filed and who reads it. */
export type NoteTarget = Omit<CreateNoteBody, 'text'>;
/** The ids of a note, derived and checked. */
export type NoteIds = Pick<Note, 'userId' | 'classId' | 'studentId' | 'courseId' | 'lessonId'>;

/** Sets `field` to a derived value, or records a disagreement with what was given. */
function derive(
  note: Record<string, string | null>,
  issues: ErrorIssue[],
  where: 'body' | 'query',
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
 * training-dashboard rule, who may write about whom, ids that agree). Used by
 * create and by the audience a form shows before saving.
 */
export async function resolveNote(
  repo: NotesRepo,
  users: UsersRepo,
  caller: UserCaller,
  body: NoteTarget,
  /** Where the ids came from, for the issues' paths. */
  from: 'body' | 'query' = 'body',
): Promise<NoteIds> {
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
    const student = await repo.student(body.studentId);
    // A student of a class the caller does not train is "not found": nothing about them is revealed.
    if (!student || !(await repo.teaches(student.class_id, caller.userId)))
      throw notFound(`Student "${body.studentId}"`);
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
    const course = await repo.classCourse(body.classId);
    if (course === undefined) throw notFound(`Class "${body.classId}"`);
    derive(note, issues, from, 'courseId', course, 'the class');
  }
  if (body.lessonId !== undefined) {
    const course = await repo.lessonCourse(body.lessonId);
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
  if (body.courseId !== undefined && !(await repo.courseExists(body.courseId)))
    throw notFound(`Course "${body.courseId}"`);
  if (issues.length > 0) throw badRequest('The ids of the note disagree with each other', issues);

  const userId = note.userId;
  if (userId === null) throw badRequest('A note is about a student (studentId) or a user (userId)');
  // Unknown, or not someone the caller may see: the same answer, so userIds cannot be probed.
  if (!(await users.canSee(caller.userId, userId))) throw notFound(`User "${userId}"`);
  return { userId, classId: note.classId, studentId: note.studentId, courseId: note.courseId, lessonId: note.lessonId };
}

export function noteHandlers(deps: Deps) {
  const reads = notesRepo(deps.db.q);
  return {
    /** The whole list, or one page of it (the paging extension) with the cursor of the next. */
    list(
      caller: UserCaller,
      query: NoteListFilters & { limit?: number | undefined; cursor?: string | undefined },
    ): Promise<Listed<Note>> {
      const { limit, cursor, ...filters } = query;
      return readList(
        deps.db,
        listScope('notes', caller.userId, { ...filters }),
        { limit, cursor },
        {
          whole: async () => (await reads.list(caller.userId, filters)).map(publicNote),
          page: async (request) => {
            const page = await reads.page(caller.userId, filters, request);
            return { rows: page.rows.map(publicNote), next: page.next };
          },
        },
      );
    },
    async get(caller: UserCaller, noteId: string): Promise<Note> {
      const note = await reads.findVisible(noteId, caller.userId);
      if (!note) throw notFound(`Note "${noteId}"`);
      return publicNote(note);
    },
    /** The checks and the insert are one transaction: nothing is half written. */
    create(caller: UserCaller, body: CreateNoteBody): Promise<Note> {
      return deps.db.transaction(async (tx) => {
        const repo = notesRepo(tx);
        const ids = await resolveNote(repo, usersRepo(tx), caller, body);
        const created: StoredNote = {
          noteId: `note-${randomUUID()}`,
          text: body.text,
          ...ids,
          authorId: caller.userId,
        };
        await repo.insert({ ...created, category: noteCategoryOf(created), createdAt: deps.now() });
        await bump(tx, 'notes');
        return publicNote(created);
      });
    },
    remove(caller: UserCaller, noteId: string): Promise<{ success: boolean }> {
      return deps.db.transaction(async (tx) => {
        const repo = notesRepo(tx);
        const note = await repo.findVisible(noteId, caller.userId);
        if (!note) throw notFound(`Note "${noteId}"`);
        if (note.authorId !== caller.userId) throw forbidden('Only the author of a note may delete it');
        // A concurrent delete of the same note (through another instance) finds nothing to remove: 404 here too.
        if (!(await repo.remove(noteId, caller.userId))) throw notFound(`Note "${noteId}"`);
        await bump(tx, 'notes');
        return { success: true };
      });
    },
  };
}
