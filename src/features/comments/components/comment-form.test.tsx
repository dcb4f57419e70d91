import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { limits } from '../../../../contract/common';
import { ApiError } from '../../../lib/api/api-error';
import { chooseStudent } from '../../../test/choose-student';
import { roster } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { CommentForm } from './comment-form';

function renderForm(props: Partial<Parameters<typeof CommentForm>[0]> = {}) {
  const onSubmit = props.onSubmit ?? vi.fn(async () => undefined);
  const view = renderWithProviders(
    <CommentForm roster={roster} userId="trainer-1" defaults={{}} onSubmit={onSubmit} {...props} />,
  );
  return { ...view, onSubmit };
}

describe('CommentForm', () => {
  it('marks every missing field, sends nothing, and moves focus to the first one to fix', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add comment' }));

    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Class/)).toHaveAccessibleDescription('Choose the class the comment is about.');
    expect(screen.getByLabelText(/^Student/)).toHaveAccessibleDescription('Choose the student the comment is about.');
    expect(screen.getByLabelText(/^Comment/)).toHaveAccessibleDescription(/Comment must not be blank/);
    expect(screen.getByLabelText(/^Class/)).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('fix the marked fields');
  });

  it('refuses a comment longer than the service accepts', async () => {
    const { user, onSubmit } = renderForm({ defaults: { classId: 'class-a', studentId: 'student-1' } });
    await user.click(screen.getByLabelText(/^Comment/));
    await user.paste('x'.repeat(limits.commentText + 1));
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Comment/)).toHaveAccessibleDescription(
      new RegExp(`at most ${limits.commentText} characters`),
    );
  });

  it('offers only the chosen class’s students and lessons, and picking a student picks the class', async () => {
    const { user } = renderForm();
    await chooseStudent(user, 'Cy Cole (@cy) in Bravo flight');
    expect(screen.getByLabelText(/^Class/)).toHaveValue('class-b');
    const lessons = screen.getByLabelText(/^Lesson/);
    expect([...lessons.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'No particular lesson',
      'Weather briefing',
    ]);
  });

  it('sends a valid comment, then says so and clears the text', async () => {
    const { user, onSubmit } = renderForm();
    await user.selectOptions(screen.getByLabelText(/^Class/), 'Alpha flight (Airfield operations)');
    await chooseStudent(user, 'Ben Brook (@ben)');
    await user.selectOptions(screen.getByLabelText(/^Lesson/), 'Radio discipline');
    await user.type(screen.getByLabelText(/^Comment/), 'Clear calls on the radio.');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));

    expect(onSubmit).toHaveBeenCalledWith({
      classId: 'class-a',
      studentId: 'student-2',
      lessonId: 'lesson-2',
      text: 'Clear calls on the radio.',
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Comment added.');
    expect(screen.getByLabelText(/^Comment/)).toHaveValue('');
  });

  it('keeps the text and puts the service’s field issues on the fields when saving fails', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError({
        status: 400,
        code: 'invalid_input',
        message: 'The body is not valid',
        issues: [{ path: 'body.text', message: 'must not contain only emoji' }],
      });
    });
    const { user } = renderForm({ onSubmit, defaults: { classId: 'class-a', studentId: 'student-1' } });
    await user.type(screen.getByLabelText(/^Comment/), '🙂🙂');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your text is kept');
    expect(screen.getByLabelText(/^Comment/)).toHaveValue('🙂🙂');
    expect(screen.getByLabelText(/^Comment/)).toHaveAccessibleDescription(/must not contain only emoji/);
  });

  it('explains a missing training scope when the service refuses the app', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError({ status: 403, code: 'missing_scope', message: 'The app does not hold the training scope' });
    });
    const { user } = renderForm({ onSubmit, defaults: { classId: 'class-a', studentId: 'student-1' } });
    await user.type(screen.getByLabelText(/^Comment/), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /administrator must grant the training scope|Ask an administrator to grant the training scope/,
    );
  });

  it('restores an unsent draft for the same person', async () => {
    const first = renderForm();
    await first.user.type(screen.getByLabelText(/^Comment/), 'Half-written thought');
    first.unmount();
    renderForm();
    expect(screen.getByLabelText(/^Comment/)).toHaveValue('Half-written thought');
  });

  it('asks for typed ids when the platform has no roster', () => {
    renderForm({ roster: null });
    expect(screen.getByRole('textbox', { name: /^Class ID/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Student ID/ })).toBeInTheDocument();
    expect(screen.getByText(/No class roster is available/)).toBeInTheDocument();
  });
});
