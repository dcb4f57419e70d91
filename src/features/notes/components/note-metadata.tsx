/**
 * A note's kind, who it is about (a link to that student's record) and its
 * ids, with names from the roster where known; marks what the platform
 * derived.
 */
import type { ReactNode } from 'react';
import { type Note, noteCategoryOf } from '../../../../contract/notes';
import type { RosterNames } from '../../../components/roster-fields';
import { StudentLink } from '../../../components/student-link';

export const categoryLabels = { lesson: 'Lesson note', course: 'Course note', user: 'User note' } as const;

function named(names: ReadonlyMap<string, string>, id: string | null): string {
  if (id === null) return '—';
  const name = names.get(id);
  return name ? `${name} (${id})` : id;
}

/** Who a note is about, in words: a name where the roster knows one. */
export function aboutName(note: Note, names: RosterNames, selfId?: string): string {
  if (note.userId === selfId && note.studentId === null) return 'yourself';
  if (note.studentId) return names.students.get(note.studentId) ?? `student ${note.studentId}`;
  return names.users.get(note.userId) ?? `user ${note.userId}`;
}

/** The note's title; the person's name in it is bidi-isolated (see comment-card). */
export function noteTitle(note: Note, names: RosterNames, selfId?: string): ReactNode {
  const category = noteCategoryOf(note);
  const about = <bdi>{aboutName(note, names, selfId)}</bdi>;
  if (category === 'lesson' && note.lessonId) {
    return (
      <>
        {categoryLabels.lesson}: {names.lessons.get(note.lessonId) ?? note.lessonId}, about {about}
      </>
    );
  }
  if (category === 'course' && note.courseId) {
    return (
      <>
        {categoryLabels.course}: {names.courses.get(note.courseId) ?? note.courseId}, about {about}
      </>
    );
  }
  return (
    <>
      {categoryLabels[category]} about {about}
    </>
  );
}

export function NoteMetadata({
  note,
  names,
  detailed = false,
  selfId,
  linkPerson = true,
}: {
  readonly note: Note;
  readonly names: RosterNames;
  readonly detailed?: boolean;
  /** The signed-in person: a note about them says "yourself" and links nowhere. */
  readonly selfId?: string;
  /** Whether the person the note is about links to their student record. */
  readonly linkPerson?: boolean;
}) {
  const derived = detailed ? <span className="derived"> added by the platform</span> : null;
  const about = aboutName(note, names, selfId);
  const self = note.userId === selfId && note.studentId === null;
  return (
    <dl className="meta">
      <div>
        <dt>Kind</dt>
        <dd>{categoryLabels[noteCategoryOf(note)]}</dd>
      </div>
      <div>
        <dt>About</dt>
        <dd>{linkPerson && !self ? <StudentLink userId={note.userId} name={about} /> : <bdi>{about}</bdi>}</dd>
      </div>
      {note.studentId !== null || detailed ? (
        <>
          <div>
            <dt>Lesson</dt>
            <dd>{named(names.lessons, note.lessonId)}</dd>
          </div>
          <div>
            <dt>Class{note.studentId ? derived : null}</dt>
            <dd>{named(names.classes, note.classId)}</dd>
          </div>
          <div>
            <dt>Course{note.studentId || note.lessonId ? derived : null}</dt>
            <dd>{named(names.courses, note.courseId)}</dd>
          </div>
        </>
      ) : null}
      {detailed ? (
        <>
          <div>
            <dt>Student ID</dt>
            <dd>{note.studentId ?? '—'}</dd>
          </div>
          <div>
            <dt>User ID{note.studentId ? derived : null}</dt>
            <dd>{note.userId}</dd>
          </div>
          <div>
            <dt>Note ID</dt>
            <dd>{note.noteId}</dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}
