import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { noteFiltersSchema } from '../../contract/notes';
import { renderWithProviders } from '../test/render';
import { FilterChips } from './filter-chips';
import { FilterPanel, useFilterPanel } from './filter-panel';

const classes = new Map([['class-a', 'Alpha flight']]);

/** A list page in small: the panel (its form one button), the results' heading, the chips, and the address. */
function ListPage() {
  const panel = useFilterPanel(noteFiltersSchema, {
    defaults: { category: 'lesson,course' },
    chips: { classId: { label: 'Class', names: classes }, userId: { label: 'Person' } },
  });
  const needs = useQuery({ queryKey: ['needs'], queryFn: () => 'roster' });
  const location = useLocation();
  return (
    <>
      <FilterPanel panel={panel} title="Filter notes" needs={needs} what="your classes" fields={[{ kind: 'select' }]}>
        {() => (
          <button type="button" onClick={() => panel.apply({ userId: 'user-3', category: ['user'] })}>
            Apply filters
          </button>
        )}
      </FilterPanel>
      <h2 ref={panel.resultsHeading} tabIndex={-1}>
        Notes
      </h2>
      <FilterChips {...panel.chips} />
      <output aria-label="Filters">{JSON.stringify(panel.filters)}</output>
      <output aria-label="Address">{location.search}</output>
    </>
  );
}

function narrowScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function wideScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('useFilterPanel and FilterPanel', () => {
  it('reads the URL with the contract schema: chips in words, the count, the defaults, a refused value dropped', async () => {
    narrowScreen();
    renderWithProviders(<ListPage />, { route: '/notes?classId=class-a&userId=user-9&category=bogus' });
    expect(await screen.findByRole('button', { name: /^Filter notes/ })).toHaveTextContent('Filter notes (2 on)');
    expect(screen.getByRole('button', { name: 'Remove filter: Class Alpha flight' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove filter: Person user-9' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Filters' })).toHaveTextContent(
      '{"category":"lesson,course","userId":"user-9","classId":"class-a"}',
    );
  });

  it('removes one filter from the URL, leaving the others and what the schema refused', async () => {
    const { user } = renderWithProviders(<ListPage />, {
      route: '/notes?classId=class-a&userId=user-9&category=bogus',
    });
    await user.click(screen.getByRole('button', { name: 'Remove filter: Class Alpha flight' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('?userId=user-9&category=bogus');
    expect(screen.getByRole('button', { name: 'Remove filter: Person user-9' })).toHaveFocus();
  });

  it('on a narrow screen, applying writes every filter to the URL, folds the panel and focuses the results', async () => {
    narrowScreen();
    const { user } = renderWithProviders(<ListPage />, { route: '/notes?classId=class-a&page=2' });
    const fold = await screen.findByRole('button', { name: /^Filter notes/ });
    expect(fold).toHaveTextContent('Filter notes (1 on)');
    await user.click(fold);
    await user.click(await screen.findByRole('button', { name: 'Apply filters' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('?page=2&userId=user-3&category=user');
    expect(screen.getByRole('heading', { name: 'Notes' })).toHaveFocus();
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    expect(fold).toHaveTextContent('Filter notes (1 on)');
  });

  it('on a wide screen, applying focuses the results too: the rebuilt form would drop focus to the page’s top', async () => {
    wideScreen();
    const { user } = renderWithProviders(<ListPage />, { route: '/notes?classId=class-a' });
    const apply = await screen.findByRole('button', { name: 'Apply filters' });
    apply.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('?userId=user-3&category=user');
    expect(screen.getByRole('heading', { name: 'Notes' })).toHaveFocus();
  });
});
