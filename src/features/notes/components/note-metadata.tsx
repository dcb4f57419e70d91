/** A note's kind and ids, with names from the roster where known; marks what the platform derived. */
import { type Note, noteCategoryOf } from '../../../../contract/notes';
import type { RosterNames } from '../../../components/roster-fields';

export const categoryLabels = { lesson: 'Lesson note', course: 'Course note', user: 'User note' } as const;

function named(names: ReadonlyMap<string, string>, id: string | null): string {
  if (id === null) return '—';
  const name = names.get(id);
  return name ? `${name} (${id})` : id;
}

export function noteTitle(note: Note, names: RosterNames): string {
  const category = noteCategoryOf(note);
  const about = note.studentId
    ? (names.students.get(note.studentId) ?? `student ${note.studentId}`)
    : `user ${note.userId}`;
  if (category === 'lesson' && note.lessonId) {
    return `${categoryLabels.lesson}: ${names.lessons.get(note.lessonId) ?? note.lessonId}, about ${about}`;
  }
  if (category === 'course' && note.courseId) {
    return `${categoryLabels.course}: ${names.courses.get(note.courseId) ?? note.courseId}, about ${about}`;
  }
  return `${categoryLabels[category]} about ${about}`;
}

export function NoteMetadata({
  note,
  names,
  detailed = false,
}: {
  readonly note: Note;
  readonly names: RosterNames;
  readonly detailed?: boolean;
}) {
  const derived = detailed ? <span className="derived"> added by the platform</span> : null;
  return (
    <dl className="meta">
      <div>
        <dt>Kind</dt>
        <dd>{categoryLabels[noteCategoryOf(note)]}</dd>
      </div>
      <div>
        <dt>Student</dt>
        <dd>{named(names.students, note.studentId)}</dd>
      </div>
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
      {detailed ? (
        <>
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
