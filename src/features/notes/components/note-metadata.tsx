/**
 * A note's kind, who it is about (a link to that student's record) and
 * where it is filed, by the names the roster knows. The ids themselves only
 * behind a details toggle on the note's own page.
 */
import type { ReactNode } from 'react';
import { type Note, noteCategoryOf } from '../../../../contract/notes';
import type { UserSummary } from '../../../../contract/users';
import type { RosterNames } from '../../../components/roster-fields';
import { StudentLink } from '../../../components/student-link';

export const categoryLabels = { lesson: 'Lesson note', course: 'Course note', user: 'User note' } as const;

/** What the roster calls an id; words, never the id, where it does not know it. */
function named(names: ReadonlyMap<string, string>, id: string | null, unknown: string): string {
  if (id === null) return '—';
  return names.get(id) ?? unknown;
}

/** Who a note is about, in words: a name where the roster knows one. */
export function aboutName(note: Note, names: RosterNames, selfId?: string): string {
  if (note.userId === selfId && note.studentId === null) return 'yourself';
  if (note.studentId) return names.students.get(note.studentId) ?? 'a student not in your classes';
  return names.users.get(note.userId) ?? 'someone not in your classes';
}

/**
 * Who wrote a note, as the card says it: "you" for a user note (only its
 * writer reads one), else the author the service told, else undefined.
 */
export function writerName(note: Note, author: UserSummary | undefined, selfId?: string): string | undefined {
  if (author) return author.userId === selfId ? 'you' : `${author.firstName} ${author.lastName}`;
  return noteCategoryOf(note) === 'user' && selfId ? 'you' : undefined;
}

/** The note's title; the person's name in it is bidi-isolated (see comment-card). */
export function noteTitle(note: Note, names: RosterNames, selfId?: string): ReactNode {
  const category = noteCategoryOf(note);
  const about = <bdi>{aboutName(note, names, selfId)}</bdi>;
  const place =
    category === 'lesson' && note.lessonId
      ? names.lessons.get(note.lessonId)
      : category === 'course' && note.courseId
        ? names.courses.get(note.courseId)
        : undefined;
  if (place) {
    return (
      <>
        {categoryLabels[category]}: {place}, about {about}
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
  /** The note's own page: every place, and the ids behind a toggle. */
  readonly detailed?: boolean;
  /** The signed-in person: a note about them says "yourself" and links nowhere. */
  readonly selfId?: string;
  /** Whether the person the note is about links to their student record. */
  readonly linkPerson?: boolean;
}) {
  const about = aboutName(note, names, selfId);
  const self = note.userId === selfId && note.studentId === null;
  return (
    <>
      <dl className="meta">
        <div>
          <dt>Kind</dt>
          <dd>{categoryLabels[noteCategoryOf(note)]}</dd>
        </div>
        <div>
          <dt>About</dt>
          <dd>{linkPerson && !self ? <StudentLink userId={note.userId} name={about} /> : <bdi>{about}</bdi>}</dd>
        </div>
        {note.studentId !== null ? (
          <>
            <div>
              <dt>Lesson</dt>
              <dd>
                {note.lessonId === null
                  ? 'No particular lesson'
                  : named(names.lessons, note.lessonId, 'Not in your classes')}
              </dd>
            </div>
            <div>
              <dt>Class</dt>
              <dd>{named(names.classes, note.classId, 'Not one of your classes')}</dd>
            </div>
            <div>
              <dt>Course</dt>
              <dd>{named(names.courses, note.courseId, 'Not in your classes')}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {detailed ? (
        <details className="ids">
          <summary>Ids (for integrators)</summary>
          <dl className="meta">
            {(
              [
                ['Note ID', note.noteId],
                ['User ID', note.userId],
                ['Student ID', note.studentId],
                ['Class ID', note.classId],
                ['Course ID', note.courseId],
                ['Lesson ID', note.lessonId],
              ] as const
            ).map(([label, id]) =>
              id === null ? null : (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>
                    <code>{id}</code>
                  </dd>
                </div>
              ),
            )}
          </dl>
        </details>
      ) : null}
    </>
  );
}
