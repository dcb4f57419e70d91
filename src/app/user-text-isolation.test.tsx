/**
 * Text people wrote (names, handles, comments, notes) is shown inside a
 * bidi isolate (`<bdi>`, or `dir="auto"` on the element that holds only it):
 * a right-to-left override in a name reverses that name and nothing after it.
 * The DOM is what a browser lays out, so the test reads the element that
 * holds each piece of user text (mocked HTTP: one component).
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../contract/comments';
import type { Note } from '../../contract/notes';
import { type Roster, rosterSchema } from '../../contract/roster';
import type { FriendProfile, UserSummary } from '../../contract/users';
import { AudienceNotice } from '../components/audience-notice';
import { rosterNames } from '../components/roster-fields';
import { CommentCard } from '../features/comments/components/comment-card';
import { FriendCard } from '../features/friends/components/friend-card';
import { NoteCard } from '../features/notes/components/note-card';
import { setRuntimeConfig } from '../lib/config/runtime-config';
import { sessionStore } from '../lib/session/session-store';
import { userSummary } from '../test/fixtures';
import { renderWithProviders } from '../test/render';

/** RIGHT-TO-LEFT OVERRIDE: without isolation it reverses everything after it on the line. */
const RLO = '\u202e';

function person(userId: string, firstName: string, lastName: string): UserSummary {
  return userSummary(userId, { handle: `@${RLO}${userId}`, firstName, lastName });
}

/** The element that holds exactly `text`, which must be an isolate of its own. */
function expectIsolated(text: string) {
  const holders = screen.getAllByText((_, element) => element?.textContent === text);
  // The innermost of the elements whose whole text it is.
  const holder = holders.find((element) => !holders.some((other) => other !== element && element.contains(other)));
  if (!holder) throw new Error(`nothing shows ${text}`);
  const isolate = holder.closest('bdi, [dir="auto"]');
  expect(isolate, `${text} in <${holder.tagName.toLowerCase()}>`).not.toBeNull();
  // The isolate holds the user text alone, not a sentence around it.
  expect(isolate?.textContent).toBe(text);
}

const author = person('usr-a', `Dana${RLO}`, 'Okafor');
const student = person('usr-s', `${RLO}Sam`, 'Patel');

describe('user text is shown isolated', () => {
  it('in a comment: the text, the names and handles of author and student', () => {
    const comment: Comment = {
      commentId: 'cmt-1',
      author,
      student,
      course: 'crs-1',
      class: 'cls-1',
      lesson: '',
      text: `${RLO}Good work on the checklist`,
    };
    renderWithProviders(
      <ul>
        <CommentCard comment={comment} names={rosterNames(null)} />
      </ul>,
    );
    for (const text of [comment.text, 'Dana\u202e Okafor', '\u202eSam Patel', author.handle, student.handle]) {
      expectIsolated(text);
    }
  });

  it('in a note: the text and the name of whom it is about, in its title and its details', () => {
    const roster: Roster = rosterSchema.parse({
      classes: [
        {
          classId: 'cls-1',
          className: 'Alpha flight',
          courseId: 'crs-1',
          courseName: 'Airfield operations',
          lessons: [{ lessonId: 'les-1', name: 'Runway lighting' }],
          students: [
            { studentId: 'stu-1', userId: 'usr-s', handle: '@sam', firstName: `${RLO}Sam`, lastName: 'Patel' },
          ],
        },
      ],
    });
    const note: Note = {
      noteId: 'note-1',
      text: `${RLO}Needs work on radio calls`,
      classId: 'cls-1',
      userId: 'usr-s',
      studentId: 'stu-1',
      courseId: 'crs-1',
      lessonId: 'les-1',
    };
    renderWithProviders(
      <ul>
        <NoteCard note={note} names={rosterNames(roster)} />
      </ul>,
    );
    expectIsolated(note.text);
    // Once in the title (a sentence around it), once in the details.
    const names = screen.getAllByText('\u202eSam Patel');
    expect(names).toHaveLength(2);
    for (const name of names) expect(name.closest('bdi, [dir="auto"]')?.textContent).toBe('\u202eSam Patel');
  });

  it('on a friend’s card: the name and the handle', () => {
    const friend: FriendProfile = {
      ...person('usr-f', `${RLO}Ana`, 'Rivera'),
      parentFlags: { cameraDisabled: false, proximityFriends: true },
    };
    renderWithProviders(<FriendCard friend={friend} />);
    expectIsolated('\u202eAna Rivera');
    expectIsolated(friend.handle);
  });

  it('in the line that says who will read what is being written: each trainer’s name', async () => {
    setRuntimeConfig({ environment: 'sandbox', platformUrl: '', notesUrl: '', clientId: 'sandbox-trainer-dashboard' });
    sessionStore.start('usr-a', { token: 'token-1' }, 'sandbox');
    const reader = (userId: string, firstName: string, lastName: string) => ({
      userId,
      handle: `@${userId}`,
      firstName,
      lastName,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              author: reader('usr-a', 'Dana', 'Okafor'),
              classTrainers: {
                classId: 'cls-1',
                className: 'Alpha flight',
                trainers: [reader('usr-a', 'Dana', 'Okafor'), reader('usr-l', `${RLO}Linda`, 'Chen')],
              },
            }),
            { status: 200, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    );
    renderWithProviders(
      <AudienceNotice id="who" waiting="Choose a class" query={{ kind: 'comment', classId: 'cls-1' }} />,
    );
    expect(await screen.findByText(/Chen/)).toBeInTheDocument();
    expectIsolated('\u202eLinda Chen');
    expect(document.getElementById('who')).toHaveTextContent(
      'Who will see it: Visible to you and the trainers of Alpha flight: Dana Okafor (you), \u202eLinda Chen.',
    );
  });
});
