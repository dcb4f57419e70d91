/**
 * A student's record and a class handed over: a trainer prints (or saves as
 * PDF) and downloads as CSV the whole record of a student with more than a
 * page of entries, and a class's students with their counts and latest
 * entries. On paper: every entry, each with who wrote it, nothing of the
 * page's navigation, forms or buttons, the pages numbered; in the file:
 * every entry, a formula-looking text made inert. Runs on the platform too
 * (`@field`): the exports use only the interface's reads there.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { commentListSchema } from '../contract/comments';
import { endpointUrl } from '../contract/endpoint-url';
import { commentEndpoints } from '../contract/endpoints/comments';
import { noteEndpoints } from '../contract/endpoints/notes';
import { noteListSchema } from '../contract/notes';
import { demoIds } from '../sandbox/demo-ids';
import { findTrainer, signedInDemoUser } from './support/platform';
import { expect, test } from './support/test';

/** Rows of a CSV file as RFC 4180 writes them (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  return rows;
}

/** The file a click downloads, its name and its text (which must start with a UTF-8 byte order mark). */
async function downloaded(page: Page, button: Locator): Promise<{ name: string; rows: string[][] }> {
  const downloading = page.waitForEvent('download');
  await button.click();
  const download: Download = await downloading;
  const text = await readFile(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF'), 'the CSV starts with a byte order mark').toBe(true);
  return { name: download.suggestedFilename(), rows: parseCsv(text.slice(1)) };
}

/** Counts the page's calls of window.print() instead of opening a dialog. */
async function countPrints(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const printed = { count: 0 };
    Object.assign(window, { printed });
    window.print = () => {
      printed.count += 1;
    };
  });
  return () => page.evaluate(() => (window as unknown as { printed: { count: number } }).printed.count);
}

/** In print media: nothing of the page but the sheet (no navigation, forms, filters or buttons). */
async function expectOnlyTheSheet(page: Page): Promise<void> {
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('form')).toHaveCount(0);
  await expect(page.getByRole('combobox')).toHaveCount(0);
  await expect(page.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('link')).toHaveCount(0);
}

/** A value as the CSV writes it: one a spreadsheet would run as a formula has an apostrophe before it. */
const inert = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * A text's Latin letters and digits, accents taken off: what a PDF's text holds of it wherever the machine has
 * fonts for it (this one may lack those for emoji and CJK, which then print as empty boxes), across line breaks.
 */
const squeezed = (text: string) => text.normalize('NFKD').replace(/[^A-Za-z0-9]/g, '');

test('a trainer prints and downloads a student’s whole record, every page of it @field', async ({
  page,
  request,
  signIn,
}) => {
  const { user, token, roster } = await findTrainer(request);
  const { user: student } = await signedInDemoUser(request, demoIds.users.student);
  const studentName = `${student.firstName} ${student.lastName}`;
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const klass = roster.classes.find((c) => c.students.some((s) => s.userId === student.userId));
  const enrollment = klass?.students.find((s) => s.userId === student.userId);
  if (!klass || !enrollment) throw new Error('the demo trainer trains the demo student');

  // A comment a spreadsheet would run as a formula, were it not made inert.
  const formula = `=HYPERLINK("http://example.test/","Run ${Date.now()}")`;
  const created = await request.post(endpointUrl(commentEndpoints.createComment, {}), {
    ...auth,
    data: { studentId: enrollment.studentId, classId: klass.classId, text: formula },
  });
  expect(created.status()).toBe(201);

  // Everything the interface's own reads give the trainer about the person (what the record holds, also without
  // our extensions): the comments about each enrollment and the notes about the person.
  const texts: string[] = [];
  for (const { studentId } of roster.classes.flatMap((c) => c.students.filter((s) => s.userId === student.userId))) {
    const response = await request.get(endpointUrl(commentEndpoints.listComments, { query: { studentId } }), auth);
    texts.push(...commentListSchema.parse(await response.json()).map((c) => c.text));
  }
  const notes = await request.get(endpointUrl(noteEndpoints.listNotes, { query: { userId: student.userId } }), auth);
  texts.push(...noteListSchema.parse(await notes.json()).map((n) => n.text));
  // More than the page renders at first (20): the print must not stop at the first page.
  expect(texts.length).toBeGreaterThan(20);

  await page.goto('/sign-in');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  await page.goto(`/students/${student.userId}`);
  await expect(page.getByRole('heading', { level: 1, name: studentName })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Showing \d+ of/ })).toContainText(
    `of ${texts.length} entries`,
  );

  // On paper: the button reads the whole record, then prints once.
  const prints = await countPrints(page);
  await page.getByRole('button', { name: 'Print / save as PDF' }).click();
  await expect.poll(prints).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByRole('region', { name: 'Printed record' });
  await expect(sheet.getByRole('heading', { level: 2 })).toHaveText(`Student record: ${studentName}`);
  await expect(sheet).toContainText(`by ${user.firstName} ${user.lastName}`);
  await expect(sheet.getByRole('listitem').filter({ hasText: klass.className }).first()).toBeVisible();
  const printed = sheet.getByRole('list').last().getByRole('listitem');
  await expect(printed).toHaveCount(texts.length);
  const printedTexts = await printed.locator('.print-sheet-text').allInnerTexts();
  expect(printedTexts.sort()).toEqual([...texts].sort());
  // Each entry says who wrote it (a comment always does).
  await expect(printed.filter({ hasText: formula })).toContainText(`Written by ${user.firstName} ${user.lastName}`);
  await expectOnlyTheSheet(page);

  // Saved as PDF by Chromium's own print: every entry's text, and the pages numbered "Page n of N".
  const pdf = await getDocumentProxy(new Uint8Array(await page.pdf({ format: 'A4' })));
  const { totalPages, text: pages } = await extractText(pdf, { mergePages: false });
  expect(totalPages).toBeGreaterThan(1);
  pages.forEach((text, index) => {
    expect(text, `page ${index + 1}`).toContain(`Page ${index + 1} of ${totalPages}`);
  });
  const whole = squeezed(pages.join(''));
  for (const text of texts) expect(whole, text).toContain(squeezed(text));

  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('button', { name: 'Print / save as PDF' })).toBeVisible();

  // As a file: every entry, the formula inert, named by the student and the day.
  const file = await downloaded(page, page.getByRole('button', { name: 'Download (CSV)' }));
  expect(file.name).toMatch(
    new RegExp(`^record-${studentName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  );
  const [header, ...rows] = file.rows;
  expect(header).toEqual(['Written', 'Kind', 'Author', 'Class', 'Course', 'Lesson', 'Text']);
  expect(rows.map((row) => row[6]).sort()).toEqual(texts.map(inert).sort());
  const formulaRow = rows.find((row) => row[6]?.includes('HYPERLINK'));
  expect(formulaRow?.[6]).toBe(`'${formula}`);
  expect(formulaRow?.slice(1, 4)).toEqual(['Comment', `${user.firstName} ${user.lastName}`, klass.className]);
  for (const row of rows) for (const field of row) expect(field).not.toMatch(/^[=+\-@]/);
  await expect(page.getByRole('status').filter({ hasText: /^Downloaded / })).toHaveText(
    `Downloaded ${file.name}: ${texts.length} entries.`,
  );
});

test('a trainer prints and downloads a class: its students, their counts and latest entries @field', async ({
  page,
  request,
  signIn,
}) => {
  const { user, token, roster } = await findTrainer(request);
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const klass = roster.classes.find((c) => c.students.some((s) => s.userId === demoIds.users.student));
  const enrollment = klass?.students.find((s) => s.userId === demoIds.users.student);
  if (!klass || !enrollment) throw new Error('the demo trainer trains the demo student');
  const formula = `=HYPERLINK("http://example.test/","Class run ${Date.now()}")`;
  const created = await request.post(endpointUrl(commentEndpoints.createComment, {}), {
    ...auth,
    data: { studentId: enrollment.studentId, classId: klass.classId, text: formula },
  });
  expect(created.status()).toBe(201);
  const comments = commentListSchema.parse(
    await (
      await request.get(endpointUrl(commentEndpoints.listComments, { query: { classId: klass.classId } }), auth)
    ).json(),
  );
  const aboutStudent = comments.filter((c) => c.student.userId === enrollment.userId).length;

  await page.goto('/sign-in');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Student comments' })).toBeVisible();
  await page.goto('/classes');
  const section = page.getByRole('region', { name: klass.className, exact: true });
  await expect(section.getByRole('listitem').first()).toBeVisible();

  const file = await downloaded(page, section.getByRole('button', { name: 'Download (CSV)' }));
  expect(file.name).toMatch(/^class-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = file.rows;
  expect(header?.slice(0, 6)).toEqual(['Student', 'Handle', 'Rank or grade', 'AFSC', 'Duty title', 'Comments']);
  expect(header?.at(-1)).toBe('Latest entry');
  expect(rows).toHaveLength(klass.students.length);
  const studentRow = rows.find((row) => row[1] === inert(enrollment.handle));
  expect(studentRow?.[0]).toBe(`${enrollment.firstName} ${enrollment.lastName}`);
  expect(studentRow?.[5]).toBe(String(aboutStudent));
  // The comment just written is the latest, its formula inert. (Our service dates the lists' elements with its
  // extensions off too; where a platform dates none, the file says "Not known": see class-export.test.ts.)
  expect(studentRow?.at(-1)).toBe(`'${formula}`);
  expect(studentRow?.at(-3)).toBe(`${user.firstName} ${user.lastName}`);
  for (const row of rows) for (const field of row) expect(field).not.toMatch(/^[=+\-@]/);

  const prints = await countPrints(page);
  await section.getByRole('button', { name: 'Print / save as PDF' }).click();
  await expect.poll(prints).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByRole('region', { name: `Printed class ${klass.className}` });
  await expect(sheet.getByRole('heading', { level: 2 })).toHaveText(`Class: ${klass.className}`);
  // Only the class printed, not the others on the page.
  await expect(page.getByRole('region', { name: /^Printed class / })).toHaveCount(1);
  await expect(sheet.getByRole('row')).toHaveCount(klass.students.length + 1);
  const printedRow = sheet.getByRole('row').filter({ hasText: enrollment.handle });
  await expect(printedRow.getByRole('cell').nth(0)).toHaveText(
    new RegExp(`^${aboutStudent}(, latest \\d{1,2} \\w{3} \\d{4})?$`),
  );
  await expect(printedRow).toContainText(formula);
  await expectOnlyTheSheet(page);
  await page.emulateMedia({ media: 'screen' });
  await expect(sheet).toBeHidden();
});
