/**
 * What a student's record shows first, read by read (issue 35: its LCP on a phone waited for three reads in a
 * row). The heading needs the record alone. Where the record extension names the shared classes and their
 * trainers, so does the header, with the page's largest text (a shared class and its trainers); the forms and the
 * list follow the roster. Composed from the platform's lists, the header needs the record and the roster, not the
 * trainers (the audience extension); the forms and the list follow the trainers, so a trainers line that grows
 * pushes nothing down. Mocked HTTP, each read held until the test lets it answer.
 */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, userSummary } from '../../test/fixtures';
import { renderRecord, sharedClassLine, signInSandboxTrainer } from './record-test-setup';

const dana = userSummary('trainer-1', { firstName: 'Dana', lastName: 'Okafor' });
const linda = userSummary('trainer-2', { firstName: 'Linda', lastName: 'Chen' });
const sam = userSummary('usr-s', { firstName: 'Sam', lastName: 'Patel', studentId: 'stu-s' });
const comment = {
  commentId: 'c1',
  student: sam,
  author: dana,
  course: 'crs-1',
  lesson: '',
  class: 'cls-1',
  text: 'Checked the runway lights alone today.',
  createdAt: '2026-11-20T10:00:00Z',
};
const classes = [
  { groupId: 'cls-1', name: 'Cyber 26A', joinCode: 'ABCDEFGH', course: { courseId: 'crs-1', name: 'Cyber' } },
  { groupId: 'cls-2', name: 'Cyber 26B', joinCode: 'BCDEFGHJ', course: { courseId: 'crs-1', name: 'Cyber' } },
];

/** A read the test answers when it chooses. */
function held() {
  let answer: (response: Response) => void = () => {};
  const response = new Promise<Response>((resolve) => {
    answer = resolve;
  });
  return { response, answer };
}

/**
 * The service, the reads named in `holds` held until answered; Sam is in `inClasses` of the trainer's classes.
 * `recordExtension: false` is a platform without the record extension: the record is composed from its lists.
 */
function serve(
  holds: Partial<Record<'record' | 'classes' | 'cls-1' | 'cls-2', Promise<Response>>>,
  inClasses = 1,
  recordExtension = true,
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const address = new URL(url, 'http://x');
      const path = address.pathname;
      if (path === '/edu/v1/class/list') {
        return (await holds.classes) ?? json(200, { docs: classes.slice(0, inClasses) });
      }
      if (path === '/edu/v1/student/list')
        return json(200, { docs: [{ ...sam, studentId: `stu-s-${address.searchParams.get('classId')}` }] });
      if (path === '/edu/v1/lesson/course') return json(200, { docs: [] });
      if (path === '/edu/v1/trainer/students/usr-s/record' && recordExtension) {
        const sharedClasses = classes.slice(0, inClasses).map((c) => ({
          classId: c.groupId,
          className: c.name,
          courseId: c.course.courseId,
          courseName: c.course.name,
          studentId: `stu-s-${c.groupId}`,
          trainers: [dana, linda],
        }));
        return (
          (await holds.record) ??
          json(200, {
            student: { ...sam, displayRank: 'SrA' },
            sharedClasses,
            entries: [{ kind: 'comment', createdAt: comment.createdAt, comment }],
          })
        );
      }
      if (path === '/edu/v1/student/comment' && !recordExtension) return json(200, [comment]);
      if (path === '/edu/v1/note/list' && !recordExtension) return json(200, []);
      if (path === '/edu/v1/audience') {
        const classId = address.searchParams.get('classId') as 'cls-1' | 'cls-2';
        const trainers = { classId, className: classId, trainers: [dana, linda] };
        return (await holds[classId]) ?? json(200, { author: dana, classTrainers: trainers });
      }
      return json(404, { error: { code: 'not_found', message: `No route for GET ${path}`, requestId: 'r' } });
    }),
  );
}

const trainersOf = (classId: string) =>
  json(200, { author: dana, classTrainers: { classId, className: classId, trainers: [dana, linda] } });

describe('a student’s record, as its reads answer', () => {
  beforeEach(signInSandboxTrainer);

  it('shows its heading and its header as soon as the record answers, with the roster still being read', async () => {
    const roster = held();
    serve({ classes: roster.response }, 2);
    renderRecord();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sam Patel' })).toBeInTheDocument();
    expect(screen.getByText('@usr-s')).toBeInTheDocument();
    // The record named the shared classes, their trainers and Sam's rank: the header needs nothing else.
    const header = await screen.findByRole('region', { name: 'Summary' });
    expect(
      within(header)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Cyber 26A (Cyber) · Trainers: you, Linda Chen', 'Cyber 26B (Cyber) · Trainers: you, Linda Chen']);
    expect(header).toHaveTextContent('SrA');
    expect(header).toHaveTextContent('1 comment, latest 20 Nov 2026');
    expect(vi.mocked(fetch).mock.calls.map(([url]) => new URL(String(url), 'http://x').pathname)).not.toContain(
      '/edu/v1/audience',
    );
    // The roster is still out: the forms and the list are a skeleton.
    expect(screen.queryByRole('region', { name: 'Record' })).not.toBeInTheDocument();
    expect(screen.getByText('Loading the student’s forms and entries…')).toBeInTheDocument();
    roster.answer(json(200, { docs: classes.slice(0, 2) }));
    expect(await screen.findByRole('region', { name: 'Record' })).toHaveTextContent(comment.text);
    expect(screen.queryByText('Loading the student’s forms and entries…')).not.toBeInTheDocument();
  });

  it('without the record extension, names the student in its heading as soon as the record is composed', async () => {
    const roster = held();
    serve({ classes: roster.response }, 1, false);
    renderRecord();
    // Composed from the comments about each enrollment, the record needs the roster first; the heading has the name
    // the roster gives.
    expect(screen.getByText('Loading the student’s record…')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Summary' })).not.toBeInTheDocument();
    roster.answer(json(200, { docs: classes.slice(0, 1) }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sam Patel' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Summary' })).toBeInTheDocument();
  });

  it('without the record extension, shows its header with the record and the roster, before the shared class’s trainers; the list follows them', async () => {
    const trainers = held();
    serve({ 'cls-1': trainers.response }, 1, false);
    renderRecord();
    const header = await screen.findByRole('region', { name: 'Summary' });
    expect(sharedClassLine()).toHaveTextContent('Cyber 26A (Cyber) · Trainers: you');
    expect(sharedClassLine()).toHaveTextContent('the class’s other trainers are still loading');
    // Composed from the platform's lists, the record does not know when each entry was written.
    expect(header).toHaveTextContent('1 comment');
    // Nothing is shown below the header yet, that the trainers' line could push down when it grows.
    expect(screen.queryByRole('region', { name: 'Record' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a comment' })).not.toBeInTheDocument();

    trainers.answer(trainersOf('cls-1'));
    // Looked up afresh once the trainers are in: the line may be another element by then.
    expect(await screen.findByText('Linda Chen')).toBeInTheDocument();
    expect(sharedClassLine()).toHaveTextContent('Cyber 26A (Cyber) · Trainers: you, Linda Chen');
    expect(await screen.findByRole('region', { name: 'Record' })).toHaveTextContent(comment.text);
  });

  it('without the record extension, waits for the trainers of a shared class with another below it, whose line would move', async () => {
    const first = held();
    serve({ 'cls-1': first.response }, 2, false);
    renderRecord();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sam Patel' })).toBeInTheDocument();
    // Long enough for the roster and the record (answered at once); the first class's trainers are still out.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('region', { name: 'Summary' })).not.toBeInTheDocument();
    first.answer(trainersOf('cls-1'));
    const header = await screen.findByRole('region', { name: 'Summary' });
    const [one, two] = within(header).getAllByRole('listitem');
    expect(one).toHaveTextContent('Cyber 26A (Cyber) · Trainers: you, Linda Chen');
    expect(two).toHaveTextContent('Cyber 26B (Cyber) · Trainers: you');
  });
});
