/**
 * Search across comments and notes, as a trainer uses it: "/" goes to the
 * header's box on any page, the results come grouped by student with the
 * words marked, a filter narrows them, a result opens its entry in the
 * student's record, and the URL brings the same search back after a reload.
 * Without our extensions the browser searches the lists it can read and says
 * so; what it finds is what the service's search finds (the same word rule
 * over the same readable entries), which the journey's helpers ask the
 * sandbox for.
 */
import { endpointUrl } from '../contract/endpoint-url';
import { noteEndpoints } from '../contract/endpoints/notes';
import { searchEndpoints } from '../contract/endpoints/search';
import { type SearchKind, searchResultListSchema } from '../contract/search';
import { expectAccessible } from './support/a11y';
import { unfold } from './support/navigate';
import { findTrainer } from './support/platform';
import { expect, test } from './support/test';

test('a trainer finds what was written about safety, narrows it to comments and opens one in the record @field', async ({
  page,
  request,
  signIn,
  extensionsOff,
}) => {
  const { user, token, klass } = await findTrainer(request);
  const headers = { Authorization: `Bearer ${token}` };
  // The demo data's trainer has comments about safety; a note about it makes both kinds to filter between.
  const [student] = klass.students;
  const [lesson] = klass.lessons;
  if (!student || !lesson) throw new Error('the demo trainer’s class has students and lessons');
  const created = await request.fetch(endpointUrl(noteEndpoints.createNote, {}), {
    method: noteEndpoints.createNote.method,
    headers,
    data: {
      text: `Walked the range with a safety officer, run ${Date.now()}.`,
      studentId: student.studentId,
      classId: klass.classId,
      lessonId: lesson.lessonId,
    },
  });
  expect(created.status(), await created.text()).toBe(noteEndpoints.createNote.status);
  const found = async (kind?: SearchKind) => {
    const response = await request.get(
      endpointUrl(searchEndpoints.search, { query: { q: 'safety', limit: '1000', ...(kind ? { kind } : {}) } }),
      { headers },
    );
    expect(response.status()).toBe(200);
    return searchResultListSchema.parse(await response.json());
  };
  const all = await found();
  const comments = await found('comment');
  // The journey needs both kinds among the results, and a first page that holds them all.
  expect(comments.length).toBeGreaterThan(0);
  expect(all.length).toBeGreaterThan(comments.length);
  expect(all.length).toBeLessThanOrEqual(20);
  const plural = (n: number) => `${n} ${n === 1 ? 'result' : 'results'}`;

  await page.goto('/sign-in');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();

  const box = page.getByRole('search', { name: 'Comments and notes' });
  const field = box.getByRole('searchbox', { name: 'Search comments and notes' });
  await page.keyboard.press('/');
  await expect(field).toBeFocused();
  await page.keyboard.type('safety');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=safety$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search comments and notes' })).toBeVisible();

  const results = page.getByRole('region', { name: /Results for/ });
  await expect(results.getByRole('status').filter({ hasText: /results?$/ })).toHaveText(plural(all.length));
  if (extensionsOff) {
    await expect(
      results.getByText(/^Searched the [\d,]+ comments and notes you can read, here in this browser/),
    ).toBeVisible();
  } else {
    await expect(results.getByText(/here in this browser/)).toHaveCount(0);
  }
  // Grouped by student: one heading for each person the entries are about.
  const people = new Set(all.map((r) => `${r.student.firstName} ${r.student.lastName}`));
  await expect(results.getByRole('heading', { level: 3 })).toHaveCount(people.size);
  for (const name of people) {
    await expect(
      results.getByRole('heading', { level: 3, name: new RegExp(`^${name} \\(\\d+ results?\\)$`) }),
    ).toBeVisible();
  }
  const marks = results.locator('mark');
  await expect(marks.first()).toHaveText(/^safety$/i);
  expect(await marks.count()).toBeGreaterThanOrEqual(all.length);
  await expectAccessible(page, 'search results');

  await unfold(page, 'Filter the search');
  const filters = page.getByRole('form', { name: 'Filter the search' });
  await filters.getByLabel('Kind').selectOption({ label: 'Comments' });
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/[?&]kind=comment(&|$)/);
  await expect(results.getByRole('status').filter({ hasText: /results?$/ })).toHaveText(plural(comments.length));
  await expect(results.getByRole('link', { name: /^Open this note/ })).toHaveCount(0);
  const searchUrl = page.url();

  const first = results.getByRole('article').first();
  const text = (await first.locator('mark').first().locator('xpath=..').innerText()).trim();
  await first.getByRole('link', { name: /^Open this comment in/ }).click();
  await expect(page).toHaveURL(/\/students\/[^/#]+#comment-/);
  const record = page.getByRole('region', { name: 'Record' });
  const focused = record.locator(':focus');
  await expect(focused).toContainText(text);
  await expect(focused).toBeInViewport();

  await page.goto(searchUrl);
  await page.reload();
  await expect(results.getByRole('status').filter({ hasText: /results?$/ })).toHaveText(plural(comments.length));
  // The box holds the words shown (on a phone it opens first: "/" opens and focuses it anywhere).
  await page.keyboard.press('/');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('safety');
  await expect(results.getByRole('link', { name: /^Open this comment in/ })).toHaveCount(comments.length);
});
