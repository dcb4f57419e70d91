/** A kept comment draft comes back about the class, student and lesson it was written about. */
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Roster } from '../../../../contract/roster';
import { chooseStudent } from '../../../test/choose-student';
import { roster } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { CommentForm } from './comment-form';

function renderForm(props: Partial<Parameters<typeof CommentForm>[0]> = {}) {
  return renderWithProviders(
    <CommentForm roster={roster} userId="trainer-1" defaults={{}} onSubmit={vi.fn(async () => undefined)} {...props} />,
  );
}

describe('a restored comment draft', () => {
  beforeEach(() => localStorage.clear());

  it('restores its class, student and lesson with the text, over what the filters would pick', async () => {
    const first = renderForm();
    await first.user.selectOptions(screen.getByLabelText(/^Class/), 'Bravo flight (Airfield operations)');
    await chooseStudent(first.user, 'Cy Cole (@cy)');
    await first.user.selectOptions(screen.getByLabelText(/^Lesson/), 'Weather briefing');
    await first.user.type(screen.getByLabelText(/^Comment/), 'Half-written thought about Cy');
    first.unmount();

    renderForm({ defaults: { classId: 'class-a', studentId: 'student-1' } });
    expect(screen.getByLabelText(/^Comment/)).toHaveValue('Half-written thought about Cy');
    expect(screen.getByLabelText(/^Class/)).toHaveValue('class-b');
    expect(screen.getByLabelText(/^Student/)).toHaveValue('Cy Cole (@cy)');
    expect(screen.getByLabelText(/^Lesson/)).toHaveValue('lesson-3');
    // Ids only: no name of the person is kept.
    const kept = Object.keys(localStorage).map((key) => localStorage.getItem(key) ?? '');
    expect(kept.join(' ')).not.toMatch(/Cole|@cy|Bravo/);
  });

  it('keeps the choices with the text when they change after typing, also for a draft kept as bare text before', async () => {
    localStorage.setItem('td:user:trainer-1:draft:comment', 'Older unsent text');
    const first = renderForm();
    expect(screen.getByLabelText(/^Comment/)).toHaveValue('Older unsent text');
    await first.user.clear(screen.getByLabelText(/^Comment/));
    await first.user.type(screen.getByLabelText(/^Comment/), 'Typed first');
    await chooseStudent(first.user, 'Ben Brook (@ben) in Alpha flight');
    first.unmount();
    renderForm();
    expect(screen.getByLabelText(/^Student/)).toHaveValue('Ben Brook (@ben)');
    expect(screen.getByLabelText(/^Class/)).toHaveValue('class-a');
  });

  it('says so, and picks nothing for it, when this form cannot offer the student it was about', async () => {
    const first = renderForm();
    await chooseStudent(first.user, 'Cy Cole (@cy) in Bravo flight');
    await first.user.type(screen.getByLabelText(/^Comment/), 'About Cy');
    first.unmount();

    // A student record's form offers only that student's classes.
    const annOnly: Roster = { classes: roster.classes.filter((c) => c.classId === 'class-a') };
    renderForm({ roster: annOnly, defaults: { classId: 'class-a', studentId: 'student-1' } });
    expect(screen.getByLabelText(/^Comment/)).toHaveValue('About Cy');
    expect(screen.getByLabelText(/^Student/)).toHaveValue('Ann Archer (@ann)');
    expect(screen.getByText(/started about another student or class/)).toBeInTheDocument();
  });
});
