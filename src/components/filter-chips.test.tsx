import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { type FilterChip, FilterChips } from './filter-chips';

function Chips({ start }: { readonly start: readonly FilterChip[] }) {
  const [chips, setChips] = useState(start);
  return (
    <>
      <h2 id="results">Results</h2>
      <FilterChips
        chips={chips}
        onRemove={(key) => setChips((current) => current.filter((chip) => chip.key !== key))}
        afterLast={() => document.getElementById('results')}
      />
    </>
  );
}

describe('FilterChips', () => {
  it('names each filter in words on a button that removes it, and keeps focus on the chips, then the results', async () => {
    const { user } = renderWithProviders(
      <Chips
        start={[
          { key: 'classId', label: 'Class', value: 'Alpha flight' },
          { key: 'studentId', label: 'Student', value: 'Ada Lovelace' },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Filters in use' });
    expect(list).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove filter: Student Ada Lovelace' }));
    expect(screen.queryByRole('button', { name: /Ada Lovelace/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove filter: Class Alpha flight' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove filter: Class Alpha flight' }));
    expect(screen.queryByRole('list', { name: 'Filters in use' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Results' })).toHaveFocus();
  });
});
