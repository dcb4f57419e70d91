/**
 * Every student one click away: a trainer opens "Classes and students",
 * finds a student nobody has commented on in one of their classes, with
 * rank or grade, AFSC and duty title where known (our service's extension
 * fields of the student list), and opens the
 * student's record, whose header carries the same summary and the classes
 * they share. Runs on the platform too (`@field`).
 */
import type { APIRequestContext } from '@playwright/test';
import { commentListSchema } from '../contract/comments';
import { endpoints } from '../contract/endpoints';
import { noteListSchema } from '../contract/notes';
import { classStudentListSchema } from '../contract/roster';
import { expectAccessible } from './support/a11y';
import { openFromNav } from './support/navigate';
import { findTrainer, profileValuesSeenBy, recordOf } from './support/platform';
import { expectNoProfileDataStored } from './support/storage-audit';
import { expect, test } from './support/test';

const plural = (n: number, one: string, many: string) => (n === 0 ? `No ${many} yet` : `${n} ${n === 1 ? one : many}`);

/** A day as the class page and the record's header write it: "4 Sep 2026", where the browser is (this machine). */
function pageDate(iso: string): string {
  const date = new Date(iso);
  const month = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')[date.getMonth()];
  return `${date.getDate()} ${month} ${date.getFullYear()}`;
}

/** What the page says of comments or notes: how many, and the newest one's day where the answer dates them. */
function kindLine(entries: readonly { createdAt?: string | undefined }[], one: string, many: string): string {
  const times = entries.flatMap((e) => (e.createdAt ? [e.createdAt] : []));
  const latest = times.sort((a, b) => Date.parse(a) - Date.parse(b)).at(-1);
  const line = plural(entries.length, one, many);
  return latest ? `${line}, latest ${pageDate(latest)}` : line;
}

/**
 * A student of one of the trainer's classes nobody has commented on, with
 * what the pages should say of them: their rank, AFSC and duty title where
 * the service knows them, and the notes about them (in the class; in the
 * whole record).
 */
async function uncommentedStudent(request: APIRequestContext, token: string) {
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const read = async <T>(path: string, parse: (body: unknown) => T): Promise<T> => {
    const response = await request.get(path, auth);
    expect(response.status(), path).toBe(200);
    return parse(await response.json());
  };
  const fullName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`;
  const classes = await read('/edu/v1/class/list?limit=1000', (body) => endpoints.listClasses.response.parse(body));
  for (const klass of classes.docs) {
    const q = `classId=${encodeURIComponent(klass.groupId)}`;
    const students = await read(`/edu/v1/student/list?${q}&limit=1000`, (b) => classStudentListSchema.parse(b));
    const comments = await read(`/edu/v1/student/comment?${q}`, (b) => commentListSchema.parse(b));
    const classNotes = await read(`/edu/v1/note/list?${q}`, (b) => noteListSchema.parse(b));
    const commented = new Set(comments.map((c) => c.student.userId));
    const student = students.docs.find(
      (s) => !commented.has(s.userId) && students.docs.filter((other) => fullName(other) === fullName(s)).length === 1,
    );
    // A student of the same class who has comments, for the latest comment's date.
    const other = students.docs.find(
      (s) => commented.has(s.userId) && students.docs.filter((o) => fullName(o) === fullName(s)).length === 1,
    );
    if (!student || !other) continue;
    const aboutOther = comments.filter((c) => c.student.userId === other.userId);
    const allNotes = await read(`/edu/v1/note/list?userId=${encodeURIComponent(student.userId)}`, (b) =>
      noteListSchema.parse(b),
    );
    const rank = student.displayRank ?? student.militaryGrade ?? student.civilianGrade;
    const facts: (readonly [term: string, value: string])[] = [
      ...(rank ? [['Rank or grade', rank] as const] : []),
      ...(student.organizationRoles ? [['AFSC', student.organizationRoles.afsc] as const] : []),
      ...(student.displayDutyTitle ? [['Duty title', student.displayDutyTitle] as const] : []),
    ];
    return {
      klass,
      student,
      name: fullName(student),
      facts,
      // Our service dates each note in the list (`createdAt`, an extension field); the platform does not, and then no date.
      classNotes: kindLine(
        classNotes.filter((n) => n.studentId === student.studentId),
        'note',
        'notes',
      ),
      commented: { name: fullName(other), comments: aboutOther, line: kindLine(aboutOther, 'comment', 'comments') },
      recordNotes: plural(allNotes.length, 'note', 'notes'),
    };
  }
  throw new Error('The demo trainer has no class with a student nobody has commented on and one somebody has');
}

/** The newest note's day in the person's record (extension), as the page writes a date; null when there is none. */
async function latestNoteDate(request: APIRequestContext, token: string, userId: string): Promise<string | null> {
  const times = (await recordOf(request, token, userId)).entries.flatMap((e) =>
    e.kind === 'note' ? [e.createdAt] : [],
  );
  const latest = times.sort().at(-1);
  return latest ? pageDate(latest) : null;
}

test('a trainer reaches a student nobody has commented on from Classes and students @field', async ({
  page,
  context,
  request,
  visitedUrls,
  signIn,
  extensionsOff,
}, testInfo) => {
  const { user, token } = await findTrainer(request);
  const { klass, student, name, facts, classNotes, commented, recordNotes } = await uncommentedStudent(request, token);
  // Our service dates each comment and note in its lists (extension fields, kept with PLATFORM_EXTENSIONS=off).
  expect(commented.comments.every((c) => c.createdAt !== undefined)).toBe(true);
  // PLATFORM_EXTENSIONS=off leaves out our endpoints, not our fields: the student list still carries them here.
  // The platform's own list, without them, is the class page's component test.
  expect(facts.length, 'the demo student has a rank, an AFSC or a duty title').toBeGreaterThan(0);
  const shownFacts = facts;
  // The record's header dates the latest note where the record extension dates entries; the interface's lists do not.
  const latestNote = extensionsOff ? null : await latestNoteDate(request, token, student.userId);
  const width = page.viewportSize()?.width ?? 0;

  await page.goto('/sign-in');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  await openFromNav(page, 'Classes and students');
  await expect(page.getByRole('heading', { level: 1, name: 'Classes and students' })).toBeVisible();

  const section = page.getByRole('region', { name: klass.name });
  await expect(section.getByRole('heading', { level: 2, name: klass.name })).toBeVisible();
  // A long class shows its first students at once and the rest on scrolling or "Show more students".
  const link = section.getByRole('link', { name, exact: true });
  const more = section.getByRole('button', { name: 'Show more students' });
  while (!(await link.isVisible()) && (await more.isVisible())) await more.click();
  await expect(link).toBeVisible();
  const card = section.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(card.getByRole('term')).toHaveText([...shownFacts.map(([term]) => term), 'Comments', 'Notes']);
  await expect(card.getByRole('definition')).toHaveText([
    ...shownFacts.map(([, value]) => value),
    'No comments yet',
    classNotes,
  ]);
  // Someone commented on: the count and the latest comment's day, from the comments' own dates.
  const otherLink = section.getByRole('link', { name: commented.name, exact: true });
  while (!(await otherLink.isVisible()) && (await more.isVisible())) await more.click();
  const otherCard = section
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: commented.name, exact: true }) });
  await expect(otherCard.getByRole('definition').filter({ hasText: /comments?\b/ })).toHaveText(commented.line);
  await expectAccessible(page, 'classes and students');
  await page.screenshot({ path: testInfo.outputPath(`classes-${width}.png`), fullPage: true });

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/students/${student.userId}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('No record to show')).toHaveCount(0);
  const header = page.getByRole('region', { name: 'Summary' });
  await expect(header.getByRole('definition')).toHaveText([
    ...shownFacts.map(([, value]) => value),
    'No comments yet',
    latestNote ? `${recordNotes}, latest ${latestNote}` : recordNotes,
  ]);
  await expect(header.getByRole('heading', { level: 2, name: 'Classes you share' })).toBeVisible();
  const shared = header.getByRole('listitem').filter({ hasText: klass.name });
  await expect(shared).toContainText('Trainers: you');
  await expectAccessible(page, 'student record header');
  await header.screenshot({ path: testInfo.outputPath(`record-header-${width}.png`) });

  await expectNoProfileDataStored(page, context, {
    profileValues: [...(await profileValuesSeenBy(request, token)), name, ...facts.map(([, value]) => value)],
    visitedUrls,
  });
});
