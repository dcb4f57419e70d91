/** One filter for the human (issue 34): the Person takes in their user notes, and an old Student URL still works. */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { roster } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { NoteFiltersForm } from './components/note-filters';
import { enrollmentOfPerson, personOfEnrollment, startingKinds } from './person-filter';

describe('the Person filter', () => {
  it('is the one filter for a human: no Student filter beside it', () => {
    renderWithProviders(
      <NoteFiltersForm roster={roster} filters={{ category: ['lesson', 'course'] }} onApply={vi.fn()} />,
    );
    expect(screen.getByRole('combobox', { name: /^Person/ })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Student/ })).not.toBeInTheDocument();
  });

  it('ticks User notes when a person is chosen, so their user notes are in the list', async () => {
    const onApply = vi.fn();
    const { user } = renderWithProviders(
      <NoteFiltersForm roster={roster} filters={{ category: ['lesson', 'course'] }} onApply={onApply} />,
    );
    const userNotes = screen.getByRole('checkbox', { name: /^User notes/ });
    expect(userNotes).not.toBeChecked();
    await user.selectOptions(screen.getByRole('combobox', { name: /^Person/ }), 'Cy Cole (@cy)');
    expect(userNotes).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenCalledWith(
      expect.objectContaining({ userId: 'user-3', category: ['lesson', 'course', 'user'] }),
    );
  });

  it('starts a list about a person with every kind, and one about no one with lesson and course notes', () => {
    expect(startingKinds(true)).toEqual({ category: 'lesson,course,user' });
    expect(startingKinds(false)).toEqual({ category: 'lesson,course' });
  });

  it('reads an old URL’s enrollment as its person, and finds the enrollment to write under', () => {
    const klass = roster.classes[0];
    const student = klass?.students[0];
    if (!klass || !student) throw new Error('the fixture roster has a class with a student');
    expect(personOfEnrollment(roster, student.studentId)).toBe(student.userId);
    expect(personOfEnrollment(roster, 'student-unknown')).toBeUndefined();
    expect(enrollmentOfPerson(roster, student.userId, klass.classId)).toBe(student.studentId);
  });
});
