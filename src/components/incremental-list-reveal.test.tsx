/** A link's target in a long list (a search result in a student's record) is brought on screen and focused, however far down. */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { FIRST_PAGE, IncrementalCardList } from './incremental-list';

const rows = Array.from({ length: 120 }, (_, i) => ({ id: `row-${i}`, text: `Entry number ${i}` }));
const renderRow = (row: (typeof rows)[number]) => (
  <li>
    <article aria-label={row.text}>{row.text}</article>
  </li>
);

describe('IncrementalCardList with a row to reveal', () => {
  it('shows as many pages as it takes, then focuses that row', async () => {
    renderWithProviders(
      <IncrementalCardList
        items={rows}
        keyOf={(row) => row.id}
        renderItem={renderRow}
        what="entries"
        listKey="all"
        reveal="row-60"
      />,
    );
    const target = await screen.findByRole('article', { name: 'Entry number 60' });
    await waitFor(() => expect(target.closest('li')).toHaveFocus());
    expect(target.closest('li')).toHaveAttribute('data-revealed', 'true');
    // Only what it took: the rows after the target's page are not all on screen.
    expect(screen.queryByRole('article', { name: 'Entry number 119' })).toBeNull();
  });

  it('stays on the first page without a target', async () => {
    renderWithProviders(
      <IncrementalCardList items={rows} keyOf={(row) => row.id} renderItem={renderRow} what="entries" listKey="all" />,
    );
    await screen.findByRole('article', { name: `Entry number ${FIRST_PAGE - 1}` });
    expect(screen.queryByRole('article', { name: `Entry number ${FIRST_PAGE}` })).toBeNull();
  });
});
