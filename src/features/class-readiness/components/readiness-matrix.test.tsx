import { render, screen, within } from '@testing-library/react';
import { Profiler } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { coachAnswer } from '../../../test/planner-fixtures';
import { buildMatrix, type PlannedTraining } from '../readiness-model';
import { FIRST_COLUMNS, firstShown, ReadinessMatrixView, type RowEvidence } from './readiness-matrix';
import { answerRecommending, asked, members, name } from './readiness-test-class';

const answer = answerRecommending(['u-bob']);
const matrix = buildMatrix(members, asked, answer, {});
const evidence = (userId: string): RowEvidence => ({
  href: `/students/${userId}?courseId=crs-1`,
  text: userId === 'u-ann' ? 'Newest entry 90 days ago: older than 60 days' : 'Newest entry 3 days ago',
  stale: userId === 'u-ann',
});

describe('the readiness matrix', () => {
  it('is a table with a column per competency and a row per student, each cell a call', () => {
    render(
      <MemoryRouter>
        <ReadinessMatrixView className="Cyber 26-A" matrix={matrix} name={name} evidence={evidence} wide />
      </MemoryRouter>,
    );
    const table = screen.getByRole('table', { name: 'Readiness of Cyber 26-A: students × competencies' });
    expect(within(table).getByRole('columnheader', { name: /Networking/ })).toHaveTextContent(
      '1 of 2 lack it; 1 not known',
    );
    const bob = within(table)
      .getByRole('rowheader', { name: /^Bob Ray/ })
      .closest('tr') as HTMLElement;
    expect(within(bob).getByRole('cell')).toHaveTextContent('Gap: courses: Network basics');
    const cy = within(table)
      .getByRole('rowheader', { name: /^Cy Day/ })
      .closest('tr') as HTMLElement;
    expect(within(cy).getByRole('cell')).toHaveTextContent('Not known');
    expect(cy).toHaveTextContent('Not known: the plugin did not return them');
    const ann = within(table).getByRole('rowheader', { name: /^Ann Lee/ });
    expect(within(ann).getByRole('link', { name: 'What was written about Ann Lee' })).toHaveAttribute(
      'href',
      '/students/u-ann?courseId=crs-1',
    );
    expect(ann).toHaveTextContent('older than 60 days');
  });

  it('is one card per student on a narrow screen', () => {
    render(
      <MemoryRouter>
        <ReadinessMatrixView className="Cyber 26-A" matrix={matrix} name={name} evidence={evidence} wide={false} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Ann Lee',
      'Bob Ray',
      'Cy Day',
    ]);
    expect(within(cards[1] as HTMLElement).getByRole('definition')).toHaveTextContent('Gap: courses: Network basics');
  });

  it.each([
    ['table', true],
    ['cards', false],
  ])('shows a what-if change in the student it changes, and takes it back (%s)', (_, wide) => {
    const view = (planned: PlannedTraining) => (
      <MemoryRouter>
        <ReadinessMatrixView
          className="Cyber 26-A"
          matrix={buildMatrix(members, asked, answer, planned)}
          name={name}
          evidence={evidence}
          wide={wide}
        />
      </MemoryRouter>
    );
    const { rerender } = render(view({}));
    const bob = () =>
      wide
        ? (screen.getByRole('rowheader', { name: /^Bob Ray/ }).closest('tr') as HTMLElement)
        : screen.getByRole('article', { name: 'Bob Ray' });
    expect(bob()).not.toHaveTextContent('Closed by planned training');

    rerender(view({ 'u-bob': ['course:c1'] }));
    expect(bob()).toHaveTextContent('Gap: courses: Network basics Closed by planned training (projection)');
    expect(bob()).toHaveTextContent('Projection: Would become ready');

    rerender(view({}));
    expect(bob()).not.toHaveTextContent('Closed by planned training');
    expect(bob()).not.toHaveTextContent('Projection: Would become ready');
  });

  it.each([
    ['table', true, 'tbody > tr', '.readiness-table'],
    ['cards', false, 'article', '.readiness-cards'],
  ])('shows a class bigger than a screen a screen first, busy, then whole (%s)', async (_, wide, row, whole) => {
    const first = firstShown(wide, asked[0]?.competencies.length ?? 0);
    const many = Array.from({ length: first + 12 }, (_, i) => ({ userId: `u-${i}`, name: `Student ${i + 1}` }));
    // What each commit put in the page: the students shown, and whether the matrix said it was busy.
    const commits: [number, string | null][] = [];
    const { container } = render(
      <Profiler
        id="matrix"
        onRender={() =>
          commits.push([
            document.querySelectorAll(row).length,
            document.querySelector(whole)?.getAttribute('aria-busy') ?? null,
          ])
        }
      >
        <MemoryRouter>
          <ReadinessMatrixView
            className="Cyber 26-B"
            matrix={buildMatrix(many, asked, answer, {})}
            name={name}
            evidence={evidence}
            wide={wide}
          />
        </MemoryRouter>
      </Profiler>,
    );
    const students = await within(container).findAllByRole(wide ? 'rowheader' : 'article');
    expect(students).toHaveLength(many.length);
    expect(students.at(-1)).toHaveTextContent(`Student ${many.length}`);
    expect(commits[0]).toEqual([first, 'true']);
    expect(commits.at(-1)).toEqual([many.length, 'false']);
  });

  it('fills the columns a screen shows first, and every cell of the class once it is whole', async () => {
    const wideTarget = {
      title: 'Lead',
      count: 1000,
      competencies: Array.from({ length: FIRST_COLUMNS + 4 }, (_, i) => ({
        competencyId: `c-${i}`,
        title: `Competency ${i + 1}`,
        minimumRequirement: 'basic' as const,
        preferredRequirement: 'intermediate' as const,
      })),
    };
    const many = Array.from({ length: firstShown(true, 1) + 4 }, (_, i) => ({
      userId: `u-${i}`,
      name: `Student ${i}`,
    }));
    // The plugin returned none of them: every cell of the class says "Not known" once it is filled.
    const none = coachAnswer([{ title: 'Lead', readyCandidates: [], recommendedCandidates: [] }]);
    const said = () =>
      [...document.querySelectorAll('tbody > tr')].map((tr) =>
        [...tr.querySelectorAll('td')].map((td) => td.textContent).join('|'),
      );
    const commits: string[][] = [];
    render(
      <Profiler id="matrix" onRender={() => commits.push(said())}>
        <MemoryRouter>
          <ReadinessMatrixView
            className="Cyber 26-C"
            matrix={buildMatrix(many, [wideTarget], none, {})}
            name={name}
            evidence={evidence}
            wide
          />
        </MemoryRouter>
      </Profiler>,
    );
    await screen.findByRole('rowheader', { name: new RegExp(`^Student ${many.length - 1}`) });
    // The first screen's rows: the calls of the columns a screen shows, the other cells empty.
    const firstScreen = Array.from({ length: FIRST_COLUMNS + 4 }, (_, i) =>
      i < FIRST_COLUMNS ? 'Not known' : '',
    ).join('|');
    expect(commits[0]).toEqual(Array.from({ length: firstShown(true, 1) }, () => firstScreen));
    expect(commits.at(-1)).toEqual(
      many.map(() => Array.from({ length: FIRST_COLUMNS + 4 }, () => 'Not known').join('|')),
    );
  });
});
