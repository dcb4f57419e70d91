/** The header's search box: "/" goes to it (not while typing elsewhere), and submitting opens the search page. */
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SearchBox } from './search-box';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

describe('SearchBox', () => {
  it('takes focus on "/" and opens /search with the words', async () => {
    const { user } = renderWithProviders(
      <>
        <SearchBox />
        <Where />
      </>,
      { route: '/classes' },
    );
    const field = screen.getByLabelText('Search comments and notes');
    expect(field).not.toHaveFocus();
    await user.keyboard('/');
    expect(field).toHaveFocus();
    // The "/" went nowhere: it was the shortcut, not a character typed.
    expect(field).toHaveValue('');
    await user.keyboard('safety brief{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/search?q=safety+brief');
  });

  it('leaves "/" alone while the person types in another field', async () => {
    const { user } = renderWithProviders(
      <>
        <label>
          Comment
          <textarea />
        </label>
        <SearchBox />
      </>,
    );
    const other = screen.getByLabelText('Comment');
    await user.click(other);
    await user.keyboard('a/b');
    expect(other).toHaveValue('a/b');
    expect(other).toHaveFocus();
  });

  it('keeps the filters of the search shown and shows its words', async () => {
    const { user } = renderWithProviders(
      <>
        <SearchBox />
        <Where />
      </>,
      { route: '/search?q=safety&kind=note' },
    );
    const field = screen.getByLabelText('Search comments and notes');
    expect(field).toHaveValue('safety');
    await user.clear(field);
    await user.type(field, 'range{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/search?q=range&kind=note');
  });
});
