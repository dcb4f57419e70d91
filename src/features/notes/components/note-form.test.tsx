import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { chooseStudent } from '../../../test/choose-student';
import { roster } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { NoteForm } from './note-form';

function renderForm(props: Partial<Parameters<typeof NoteForm>[0]> = {}) {
  const onSubmit = props.onSubmit ?? vi.fn(async () => undefined);
  const view = renderWithProviders(
    <NoteForm roster={roster} userId="trainer-1" defaults={{}} onSubmit={onSubmit} {...props} />,
  );
  return { ...view, onSubmit };
}

describe('NoteForm', () => {
  it('requires a student and a lesson, as a training-dashboard note must have both', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText(/^Note/), 'Needs more practice');
    await user.click(screen.getByRole('button', { name: 'Save note' }));

    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Student/)).toHaveAccessibleDescription('Choose the student the note is about.');
    expect(screen.getByLabelText(/^Lesson/)).toHaveAccessibleDescription(/Choose the lesson/);
    expect(screen.getByLabelText(/^Student/)).toHaveFocus();
  });

  it('requires text that is not blank', async () => {
    const { user, onSubmit } = renderForm({
      defaults: { classId: 'class-a', studentId: 'student-1', lessonId: 'lesson-1' },
    });
    await user.type(screen.getByLabelText(/^Note/), '   ');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Note/)).toHaveAccessibleDescription(/Note must not be blank/);
  });

  it('sends the student, the lesson and the text; the platform derives the rest', async () => {
    const { user, onSubmit } = renderForm();
    await user.selectOptions(screen.getByLabelText(/^Class/), 'Alpha flight (Airfield operations)');
    await chooseStudent(user, 'Ann Archer (@ann)');
    await user.selectOptions(screen.getByLabelText(/^Lesson/), 'Runway lighting');
    await user.type(screen.getByLabelText(/^Note/), 'Knows the lighting codes.');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(onSubmit).toHaveBeenCalledWith({
      studentId: 'student-1',
      lessonId: 'lesson-1',
      text: 'Knows the lighting codes.',
    });
  });

  it('asks for a student ID and a lesson ID when there is no roster', async () => {
    const { user, onSubmit } = renderForm({ roster: null });
    await user.type(screen.getByRole('textbox', { name: /^Student ID/ }), 'student-9');
    await user.type(screen.getByRole('textbox', { name: /^Lesson ID/ }), 'lesson-9');
    await user.type(screen.getByLabelText(/^Note/), 'Typed ids work too.');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(onSubmit).toHaveBeenCalledWith({
      studentId: 'student-9',
      lessonId: 'lesson-9',
      text: 'Typed ids work too.',
    });
  });

  it('writes a note about yourself with no student to choose: only the text, and you as the user', async () => {
    const { user, onSubmit } = renderForm({ about: 'self' });
    expect(screen.queryByLabelText(/^Student/)).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'New note about yourself' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Note/), 'Practise the radio calls.');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(onSubmit).toHaveBeenCalledWith({ userId: 'trainer-1', text: 'Practise the radio calls.' });
  });
});
