/**
 * Writing one text to several students (the one component test that mocks HTTP here): each student's entry
 * is its own request, a few at a time; a partial failure names who was not written to and keeps the text
 * for them alone, so writing again reaches only them.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Roster, rosterSchema } from '../../../../contract/roster';
import { setRuntimeConfig } from '../../../lib/config/runtime-config';
import { sessionStore } from '../../../lib/session/session-store';
import { json, roster, userSummary } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { SeveralStudentsForm } from './several-students-form';

/** Alpha flight with a third student, Dee. */
const threeStudents: Roster = rosterSchema.parse({
  classes: roster.classes.map((c) =>
    c.classId === 'class-a'
      ? {
          ...c,
          students: [
            ...c.students,
            { studentId: 'student-4', userId: 'user-4', handle: '@dee', firstName: 'Dee', lastName: 'Dunn' },
          ],
        }
      : c,
  ),
});

const audience = {
  author: { userId: 'trainer-1', handle: '@dana', firstName: 'Dana', lastName: 'Okafor' },
  classTrainers: {
    classId: 'class-a',
    className: 'Alpha flight',
    trainers: [{ userId: 'trainer-1', handle: '@dana', firstName: 'Dana', lastName: 'Okafor' }],
  },
};

const comment = (studentId: string, text: string) => ({
  commentId: `cmt-${studentId}`,
  student: userSummary(studentId),
  author: userSummary('trainer-1'),
  course: 'course-1',
  class: 'class-a',
  lesson: '',
  text,
});

interface Sent {
  readonly path: string;
  readonly body: Record<string, string>;
}

/** The service: the audience answered, every write answered by `answer` (a network failure where it throws). */
function serve(answer: (body: Record<string, string>, path: string) => Promise<Response> | Response) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    if (url.pathname === '/edu/v1/audience') return json(200, audience);
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, string>;
    sent.push({ path: url.pathname, body });
    return answer(body, url.pathname);
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

function renderForm(classId = 'class-a') {
  return renderWithProviders(<SeveralStudentsForm roster={threeStudents} userId="trainer-1" classId={classId} />);
}

beforeEach(() => {
  localStorage.clear();
  setRuntimeConfig({ environment: 'sandbox', platformUrl: '', notesUrl: '', clientId: 'sandbox-trainer-dashboard' });
  sessionStore.start('trainer-1', { token: 't', refreshToken: 'r', expiresIn: 3600 }, 'sandbox');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('writing to several students', () => {
  it('names who was not written to, keeps the text for them alone, and writes again only to them', async () => {
    let failBen = true;
    const sent = serve((body) => {
      if (body.studentId === 'student-2' && failBen) throw new TypeError('Failed to fetch');
      return json(201, comment(body.studentId ?? '', body.text ?? ''));
    });
    const { user } = renderForm();
    const form = screen.getByRole('form', { name: 'Write to several students' });
    await user.click(within(form).getByRole('checkbox', { name: 'Whole class (3 students)' }));
    await user.type(within(form).getByRole('textbox', { name: /^Comment/ }), 'Good radio calls today.');
    // The audience notice speaks for everyone chosen.
    expect(await within(form).findByText(/The same for each of the 3 students/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Write comment for 3 students' }));

    const outcome = await screen.findByRole('region', { name: 'Written for 2 of 3 students' });
    await waitFor(() => expect(outcome).toHaveFocus());
    expect(
      within(outcome)
        .getByText(/Ben Brook/)
        .closest('li'),
    ).toHaveTextContent('Ben Brook: the service cannot be reached.');
    expect(within(outcome).getByRole('link', { name: 'Ann Archer' })).toHaveAttribute('href', '/students/user-1');
    expect(within(outcome).getByRole('link', { name: 'Dee Dunn' })).toHaveAttribute('href', '/students/user-4');
    expect(within(outcome).queryByRole('link', { name: 'Ben Brook' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Written for 2 of 3. Not written for 1: your text is kept for them.',
    );
    // Each student had their own request, with the one text.
    expect(sent.map((s) => s.body.studentId).sort()).toEqual(['student-1', 'student-2', 'student-4']);
    expect(new Set(sent.map((s) => `${s.path} ${s.body.classId} ${s.body.text}`))).toEqual(
      new Set(['/edu/v1/student/comment class-a Good radio calls today.']),
    );

    // Only Ben stays chosen, with the text, also after a reload (the draft, ids only).
    expect(within(form).getByRole('checkbox', { name: 'Ben Brook (@ben)' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Ann Archer (@ann)' })).not.toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Whole class (3 students)' })).toHaveProperty(
      'indeterminate',
      true,
    );
    expect(within(form).getByRole('textbox', { name: /^Comment/ })).toHaveValue('Good radio calls today.');
    const kept = Object.values({ ...localStorage }).join(' ');
    expect(kept).toContain('student-2');
    expect(kept).not.toMatch(/student-1|student-4|Brook|Archer/);

    failBen = false;
    await user.click(within(form).getByRole('button', { name: 'Write comment for 1 student' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Comment written for 1 student' })).toHaveFocus());
    expect(sent.slice(3).map((s) => s.body.studentId)).toEqual(['student-2']);
    expect(within(form).getByRole('textbox', { name: /^Comment/ })).toHaveValue('');
    expect(Object.keys(localStorage).filter((key) => key.includes('draft:'))).toEqual([]);
  });

  it('says whom the service refused, in its words, and keeps the text when every write failed', async () => {
    serve(() => json(404, { error: { code: 'not_found', message: 'Student is not in this class any more' } }));
    const { user } = renderForm();
    const form = screen.getByRole('form', { name: 'Write to several students' });
    await user.click(within(form).getByRole('checkbox', { name: 'Ann Archer (@ann)' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Dee Dunn (@dee)' }));
    await user.type(within(form).getByRole('textbox', { name: /^Comment/ }), 'Kept when refused.');
    await user.click(within(form).getByRole('button', { name: 'Write comment for 2 students' }));
    const outcome = await screen.findByRole('region', { name: 'Not written for any of the 2 students' });
    expect(outcome).toHaveTextContent('Ann Archer: the service refused it: Student is not in this class any more.');
    expect(within(outcome).queryAllByRole('link')).toEqual([]);
    expect(within(form).getByRole('textbox', { name: /^Comment/ })).toHaveValue('Kept when refused.');
    expect(within(form).getByRole('checkbox', { name: 'Dee Dunn (@dee)' })).toBeChecked();
  });

  it('writes a few at a time and says how far it got', async () => {
    const waiting: (() => void)[] = [];
    const sent = serve(
      (body) =>
        new Promise<Response>((resolve) => {
          waiting.push(() => resolve(json(201, comment(body.studentId ?? '', body.text ?? ''))));
        }),
    );
    const many: Roster = rosterSchema.parse({
      classes: [
        {
          ...threeStudents.classes[0],
          students: ['a', 'b', 'c', 'd', 'e'].map((x) => ({
            studentId: `student-${x}`,
            userId: `user-${x}`,
            handle: `@${x}`,
            firstName: x.toUpperCase(),
            lastName: 'Tester',
          })),
        },
      ],
    });
    const { user } = renderWithProviders(<SeveralStudentsForm roster={many} userId="trainer-1" />);
    // The only class is chosen for the trainer.
    await user.click(screen.getByRole('checkbox', { name: 'Whole class (5 students)' }));
    await user.type(screen.getByRole('textbox', { name: /^Comment/ }), 'Same for all.');
    await user.click(screen.getByRole('button', { name: 'Write comment for 5 students' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(screen.getByRole('status')).toHaveTextContent('Written for 0 of 5…');
    expect(screen.getByRole('button', { name: 'Writing…' })).toBeDisabled();
    waiting.shift()?.();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Written for 1 of 5…'));
    await waitFor(() => expect(sent).toHaveLength(4));
    while (waiting.length > 0 || sent.length < 5) {
      waiting.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Written for all 5 students.'));
    expect(screen.getByRole('region', { name: 'Comment written for all 5 students' })).toHaveFocus();
  });

  it('refuses to write to nobody, or a note without its lesson, and takes the person to what to fix', async () => {
    const sent = serve(() => json(201, {}));
    const { user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /^Comment/ }), 'Nobody chosen.');
    await user.click(screen.getByRole('button', { name: 'Write comment' }));
    expect(screen.getByText('Choose at least one student, or the whole class.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^Whole class/ })).toHaveFocus();

    await user.click(screen.getByRole('radio', { name: /^Training note/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Ann Archer (@ann)' }));
    await user.click(screen.getByRole('button', { name: 'Write training note for 1 student' }));
    expect(screen.getByText('Choose the lesson: a training note is about a student in a lesson.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Lesson/)).toHaveFocus();
    expect(sent).toEqual([]);
  });
});

describe('a training note for several students', () => {
  it('writes each student their own note about the chosen lesson, through the note endpoint', async () => {
    const sent = serve((body) =>
      json(201, {
        noteId: `note-${body.studentId}`,
        text: body.text,
        classId: 'class-a',
        userId: 'trainer-1',
        studentId: body.studentId,
        courseId: 'course-1',
        lessonId: body.lessonId,
      }),
    );
    const { user } = renderForm();
    await user.click(screen.getByRole('radio', { name: /^Training note/ }));
    await user.selectOptions(screen.getByLabelText(/^Lesson/), 'Radio discipline');
    await user.click(screen.getByRole('checkbox', { name: 'Ann Archer (@ann)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ben Brook (@ben)' }));
    await user.type(screen.getByRole('textbox', { name: /^Note/ }), 'Practise the readback.');
    expect(await screen.findByText(/None of the students sees it/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Write training note for 2 students' }));
    await screen.findByRole('region', { name: 'Training note written for both students' });
    expect(sent.map((s) => [s.path, s.body.studentId, s.body.lessonId, s.body.text])).toEqual([
      ['/edu/v1/note', 'student-1', 'lesson-2', 'Practise the readback.'],
      ['/edu/v1/note', 'student-2', 'lesson-2', 'Practise the readback.'],
    ]);
  });
});
