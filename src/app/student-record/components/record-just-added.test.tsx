/** After writing on a student's record, the new entry takes focus and says it was added (issue 34). */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Note } from '../../../../contract/notes';
import { rosterNames } from '../../../components/roster-fields';
import { roster } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import type { ShownEntry } from '../record-model';
import { RecordList } from './record-list';

const note = (noteId: string, text: string): ShownEntry => ({
  kind: 'note',
  createdAt: '2026-11-20T10:00:00.000Z',
  author: null,
  note: {
    noteId,
    text,
    classId: 'class-a',
    userId: 'user-2',
    studentId: 'student-2',
    courseId: 'course-1',
    lessonId: 'lesson-2',
  } satisfies Note,
});

describe('the record after a note is written', () => {
  it('focuses the new note, marked "Note added", and no other', async () => {
    renderWithProviders(
      <RecordList
        entries={[note('note-2', 'The new one.'), note('note-1', 'An old one.')]}
        names={rosterNames(roster)}
        selfId="trainer-1"
        listKey=""
        justAdded="n:note-2"
      />,
    );
    const added = (await screen.findByText('The new one.')).closest('li');
    expect(added).toHaveFocus();
    expect(added).toHaveTextContent('Note added');
    expect((await screen.findByText('An old one.')).closest('li')).not.toHaveTextContent('Note added');
    expect(screen.getAllByText('Note added')).toHaveLength(1);
  });
});
