import { useQuery } from '@tanstack/react-query';
import { renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api/api-error';
import { renderWithProviders } from '../test/render';
import { EmptyState, QueryView, useShownTogether } from './states';

function Notes({ load }: { readonly load: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['notes'], queryFn: load });
  return (
    <QueryView
      query={query}
      what="the notes"
      isEmpty={(list) => list.length === 0}
      empty={<EmptyState title="No notes yet">Write the first one.</EmptyState>}
    >
      {(list) => (
        <ul>
          {list.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

describe('QueryView', () => {
  it('shows a skeleton that says what is loading, then the data', async () => {
    let finish: (value: string[]) => void = () => undefined;
    renderWithProviders(<Notes load={() => new Promise((resolve) => (finish = resolve))} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the notes…');
    finish(['First note']);
    expect(await screen.findByRole('listitem')).toHaveTextContent('First note');
  });

  it('shows the empty state, saying what to do next', async () => {
    renderWithProviders(<Notes load={async () => []} />);
    expect(await screen.findByText('No notes yet')).toBeInTheDocument();
    expect(screen.getByText('Write the first one.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says what failed and retries on request', async () => {
    let calls = 0;
    const { user } = renderWithProviders(
      <Notes
        load={async () => {
          calls += 1;
          if (calls === 1)
            throw new ApiError({ status: 0, code: 'network_error', message: 'Could not reach the service' });
          return ['Back again'];
        }}
      />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service cannot be reached');
    expect(alert).toHaveTextContent('shows the notes by itself as soon as the service answers');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem')).toHaveTextContent('Back again');
  });
});

describe('QueryView when a refresh fails', () => {
  it('keeps what was shown, and says the service cannot be reached above it', async () => {
    let serviceUp = true;
    const { queryClient } = renderWithProviders(
      <Notes
        load={async () => {
          if (!serviceUp)
            throw new ApiError({ status: 0, code: 'network_error', message: 'Could not reach the service' });
          return ['Kept note'];
        }}
      />,
    );
    expect(await screen.findByRole('listitem')).toHaveTextContent('Kept note');
    serviceUp = false;
    await queryClient.refetchQueries({ queryKey: ['notes'] });
    expect(await screen.findByRole('alert')).toHaveTextContent('The service cannot be reached');
    expect(screen.getByRole('alert')).toHaveTextContent('What is shown below is from the last time it loaded.');
    expect(screen.getByRole('listitem')).toHaveTextContent('Kept note');
  });
});

describe('useShownTogether', () => {
  it('says "shown" only once everything is in, and "waiting" at once when something loads again', async () => {
    const seen: boolean[] = [];
    const { rerender } = renderHook(
      ({ loading }: { loading: boolean }) => {
        const waiting = useShownTogether(loading);
        seen.push(waiting);
        return waiting;
      },
      { initialProps: { loading: true } },
    );
    expect(seen).not.toContain(false);
    const loaded = seen.length;
    rerender({ loading: false });
    await waitFor(() => expect(seen.at(-1)).toBe(false));
    // The render the answer caused still says "waiting": the part goes on screen in a background render after it.
    expect(seen[loaded]).toBe(true);
    const before = seen.length;
    rerender({ loading: true });
    // Not one render with the part shown while its data loads again (it would render without its data).
    expect(seen.slice(before)).not.toContain(false);
    expect(seen.length).toBeGreaterThan(before);
  });
});
