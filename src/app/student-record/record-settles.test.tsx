/**
 * A student's record leaves its skeleton once its own answers are in, whatever a secondary read does
 * (issue 34: "Loading the student's record…" stayed 15 s after the record's 200). The shared class's
 * trainers (the audience extension) is the read here that never answers, or fails (mocked HTTP: one page).
 */
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, userSummary } from '../../test/fixtures';
import { renderRecord, sharedClassLine, signInSandboxTrainer } from './record-test-setup';

const dana = userSummary('trainer-1', { firstName: 'Dana', lastName: 'Okafor' });
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

/**
 * The service without the record extension (whose record would name the trainers itself), the record composed
 * from the platform's lists, and `/edu/v1/audience` answering as `audience` says.
 */
function serve(audience: () => Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/edu/v1/class/list') {
        return json(200, {
          docs: [
            { groupId: 'cls-1', name: 'Cyber 26A', joinCode: 'ABCDEFGH', course: { courseId: 'crs-1', name: 'Cyber' } },
          ],
        });
      }
      if (path === '/edu/v1/student/list') return json(200, { docs: [sam] });
      if (path === '/edu/v1/lesson/course') return json(200, { docs: [] });
      if (path === '/edu/v1/student/comment') return json(200, [comment]);
      if (path === '/edu/v1/note/list') return json(200, []);
      if (path === '/edu/v1/audience') return audience();
      return json(404, { error: { code: 'not_found', message: `No route for GET ${path}`, requestId: 'r' } });
    }),
  );
}

describe('a student’s record whose shared class’s trainers do not come', () => {
  beforeEach(signInSandboxTrainer);

  it('shows the record within seconds while that read hangs, and says the trainers are still loading', async () => {
    serve(() => new Promise<Response>(() => {}));
    renderRecord();
    expect(await screen.findByText(comment.text, {}, { timeout: 3_000 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Record' })).toHaveTextContent(comment.text);
    expect(screen.queryByText('Loading the student’s record…')).not.toBeInTheDocument();
    const shared = sharedClassLine();
    expect(shared).toHaveTextContent('Trainers: you');
    expect(shared).toHaveTextContent('the class’s other trainers are still loading');
  });

  it('shows the record, not an error page, when that read fails, and says the trainers could not be read', async () => {
    serve(async () => json(403, { error: { code: 'forbidden', message: 'Not a class you train', requestId: 'r' } }));
    renderRecord();
    expect(await screen.findByText(comment.text, {}, { timeout: 3_000 })).toBeInTheDocument();
    // Looked up afresh on each try, not within a line found before: on a busy machine (CI) the wait for the
    // failed read outlasted 3 s, and a line held from before the read settled may no longer be the one shown.
    const said = await screen.findByText(/its other trainers could not be read/, {}, { timeout: 10_000 });
    const shared = sharedClassLine();
    expect(shared).toContainElement(said);
    expect(shared).toHaveTextContent('Trainers: you');
    // Settled for good: the failed read is not tried again and again, each try bringing the skeleton back.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('Loading the student’s record…')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Record' })).toHaveTextContent(comment.text);
  });
});
