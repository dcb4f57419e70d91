/** Notes read by name: no ids on cards or the note's page unless asked for, and the filter picks people by name. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Note } from '../../../../contract/notes';
import { rosterNames } from '../../../components/roster-fields';
import { roster } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { NoteFiltersForm } from './note-filters';
import { NoteMetadata, noteTitle } from './note-metadata';

const lessonNote: Note = {
  noteId: 'note-77',
  text: 'Calls were clear.',
  classId: 'class-a',
  userId: 'user-2',
  studentId: 'student-2',
  courseId: 'course-1',
  lessonId: 'lesson-2',
};
const names = rosterNames(roster);

describe('a note by name', () => {
  it('titles it by lesson and person, and lists its class, course and lesson by name without ids', () => {
    renderWithProviders(
      <>
        <h2>{noteTitle(lessonNote, names, 'trainer-1')}</h2>
        <NoteMetadata note={lessonNote} names={names} selfId="trainer-1" />
      </>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('Lesson note: Radio discipline, about Ben Brook');
    const details = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(details).toEqual(['Lesson note', 'Ben Brook', 'Radio discipline', 'Alpha flight', 'Airfield operations']);
    expect(document.body.textContent).not.toMatch(/lesson-2|class-a|course-1|student-2|user-2|note-77|platform/);
  });

  it('keeps the ids on the note’s page behind a closed details toggle', async () => {
    const { user } = renderWithProviders(<NoteMetadata note={lessonNote} names={names} detailed selfId="trainer-1" />);
    const toggle = screen.getByText('Ids (for integrators)');
    expect(screen.getByText('note-77')).not.toBeVisible();
    await user.click(toggle);
    const group = screen.getByRole('group');
    expect(within(group).getByText('note-77')).toBeVisible();
    expect(within(group).getByText('student-2')).toBeVisible();
  });

  it('says a person is not in the trainer’s classes rather than show their id', () => {
    renderWithProviders(<h2>{noteTitle({ ...lessonNote, studentId: 'student-99' }, names, 'trainer-1')}</h2>);
    expect(screen.getByRole('heading')).toHaveTextContent('about a student not in your classes');
  });
});

describe('the notes filter', () => {
  it('picks the person from the roster by name, each once', async () => {
    const onApply = vi.fn();
    const { user } = renderWithProviders(
      <NoteFiltersForm roster={roster} filters={{ category: ['lesson', 'course'] }} onApply={onApply} />,
    );
    expect(screen.queryByRole('textbox', { name: /User ID/ })).not.toBeInTheDocument();
    const person = screen.getByRole('combobox', { name: /^Person/ });
    expect([...person.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'All people',
      'Ann Archer (@ann)',
      'Ben Brook (@ben)',
      'Cy Cole (@cy)',
    ]);
    await user.selectOptions(person, 'Cy Cole (@cy)');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ userId: 'user-3' }));
  });

  it('asks for a typed user id only where there is no roster', () => {
    const withRoster = renderWithProviders(
      <NoteFiltersForm roster={roster} filters={{ category: ['lesson'] }} onApply={vi.fn()} />,
    );
    expect(screen.queryByRole('textbox', { name: /^User ID/ })).not.toBeInTheDocument();
    withRoster.unmount();
    renderWithProviders(<NoteFiltersForm roster={null} filters={{ category: ['lesson'] }} onApply={vi.fn()} />);
    expect(screen.getByRole('textbox', { name: /^User ID/ })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Person/ })).not.toBeInTheDocument();
  });
});
