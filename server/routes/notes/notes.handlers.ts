/**
 * Section 4.4: notes. The service adds what it can derive (lesson -> course,
 * class -> course, student -> user, class and course) and refuses a body
 * whose ids disagree. A note is read by its author and the trainers of its
 * class, and deleted by its author only.
 */
import { randomUUID } from 'node:crypto';
import type { ErrorIssue } from '../../../contract/common.ts';
import { type CreateNoteBody, type Note, noteCategoryOf } from '../../../contract/notes.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { TRAINING_SCOPE, type UserCaller } from '../../http/auth.ts';
import type { NoteListFilters, NotesRepo, StoredNote } from './notes.repo.ts';

/** A note body without its text: what decides where the note is filed and who reads it. */
export type NoteTarget = Omit<CreateNoteBody, 'text'>;
/** The ids of a note, derived and checked. */
export type NoteIds = Pick<Note, 'userId' | 'classId' | 'studentId' | 'courseId' | 'lessonId'>;

const publicNote = ({ authorId: _authorId, ...note }: StoredNote): Note => note;

export function noteHandlers(deps: Deps, repo: NotesRepo) {
  /** Sets `field` to a derived value, or records a disagreement with what the body said. */
  const derive = (
    note: Record<string, string | null>,
    issues: ErrorIssue[],
    where: 'body' | 'query',
    field: 'userId' | 'classId' | 'courseId',
    value: string,
    from: string,
  ) => {
    const given = note[field];
    if (given != null && given !== value) {
      issues.push({ path: `${where}.${field}`, message: `is "${given}" but ${from} belongs to "${value}"` });
    } else {
      note[field] = value;
    }
  };

  const handlers = {
    list(caller: UserCaller, filters: NoteListFilters): Note[] {
      return repo.list(caller.userId, filters).map(publicNote);
    },
    get(caller: UserCaller, noteId: string): Note {
      const note = repo.findVisible(noteId, caller.userId);
      if (!note) throw notFound(`Note "${noteId}"`);
      return publicNote(note);
    },
    /**
     * The ids a note would be filed under, after every check a note passes
     * (who may write about whom, the training-dashboard rule, ids that agree).
     * Used by create and by the audience a form shows before saving.
     */
    resolve(caller: UserCaller, body: NoteTarget, from: 'body' | 'query' = 'body'): NoteIds {
      // A person's own notes (a user note about themselves) are their notebook, not a training-dashboard note.
      const aboutSelf = body.studentId === undefined && body.userId === caller.userId;
      // A user note is about yourself, or about someone you train; anyone else is "not found", as an unknown user.
      if (
        body.studentId === undefined &&
        body.userId !== undefined &&
        !aboutSelf &&
        !repo.trainsUser(caller.userId, body.userId)
      ) {
        throw notFound(`User "${body.userId}"`);
      }
      if (caller.scopes.has(TRAINING_SCOPE) && !aboutSelf) {
        const missing = (['studentId', 'lessonId'] as const).filter((field) => body[field] === undefined);
        if (missing.length > 0) {
          throw badRequest(
            'A note created for the training dashboard must name a student (studentId) and a lesson (lessonId); only a note about yourself needs neither',
            missing.map((field) => ({
              path: `${from}.${field}`,
              message: 'is required for a training-dashboard note',
            })),
          );
        }
      }
      const note: Record<keyof NoteIds, string | null> = {
        userId: body.userId ?? null,
        classId: body.classId ?? null,
        studentId: body.studentId ?? null,
        courseId: body.courseId ?? null,
        lessonId: body.lessonId ?? null,
      };
      const issues: ErrorIssue[] = [];

      if (body.studentId !== undefined) {
        const student = repo.student(body.studentId);
        // A student of a class the caller does not train is "not found": nothing about them is revealed.
        if (!student || !repo.teaches(student.class_id, caller.userId)) throw notFound(`Student "${body.studentId}"`);
        derive(note, issues, from, 'userId', student.user_id, 'the student');
        derive(note, issues, from, 'classId', student.class_id, 'the student');
        derive(note, issues, from, 'courseId', student.course_id, 'the student');
      } else if (body.lessonId !== undefined || body.classId !== undefined || body.courseId !== undefined) {
        throw badRequest('A note about a specific user names only userId; name studentId for a class or lesson note', [
          { path: `${from}.studentId`, message: 'is required when a class, course or lesson is named' },
        ]);
      }
      if (body.classId !== undefined) {
        const course = repo.classCourse(body.classId);
        if (course === undefined) throw notFound(`Class "${body.classId}"`);
        derive(note, issues, from, 'courseId', course, 'the class');
      }
      if (body.lessonId !== undefined) {
        const course = repo.lessonCourse(body.lessonId);
        if (course === undefined) throw notFound(`Lesson "${body.lessonId}"`);
        derive(note, issues, from, 'courseId', course, 'the lesson');
      }
      if (body.courseId !== undefined && !repo.courseExists(body.courseId)) throw notFound(`Course "${body.courseId}"`);
      if (issues.length > 0) throw badRequest('The ids of the note disagree with each other', issues);

      const userId = note.userId;
      if (userId === null) throw badRequest('A note is about a student (studentId) or a user (userId)');
      if (!repo.userExists(userId)) throw notFound(`User "${userId}"`);
      return { ...note, userId };
    },
    create(caller: UserCaller, body: CreateNoteBody): Note {
      const ids = handlers.resolve(caller, body);
      const created: StoredNote = { noteId: `note-${randomUUID()}`, text: body.text, ...ids, authorId: caller.userId };
      repo.insert({ ...created, category: noteCategoryOf(created), createdAt: deps.now() });
      return publicNote(created);
    },
    remove(caller: UserCaller, noteId: string): { success: boolean } {
      const note = repo.findVisible(noteId, caller.userId);
      if (!note) throw notFound(`Note "${noteId}"`);
      if (note.authorId !== caller.userId) throw forbidden('Only the author of a note may delete it');
      return { success: repo.remove(noteId) };
    },
  };
  return handlers;
}
