/**
 * Recovering from an outage without a reload: a page whose data or code
 * could not be fetched comes back by itself when the service answers again
 * (here prompted as the browser does, by `online` or the window's focus).
 */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { QueryView } from '../components/states';
import { ApiError } from '../lib/api/api-error';
import { lazyPage } from './page-loader';
import { ServiceRecovery } from './service-recovery';

const unreachable = () => new ApiError({ status: 0, code: 'network_error', message: 'Could not reach the service' });

function Friends({ load }: { readonly load: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['friends'], queryFn: load, retry: false });
  return (
    <QueryView query={query} what="your friends">
      {(names) => <p>{names.join(', ')}</p>}
    </QueryView>
  );
}

function renderFriends(load: () => Promise<string[]>) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Friends load={load} />
      <ServiceRecovery />
    </QueryClientProvider>,
  );
}

describe('data fetched again once the service is back', () => {
  let serviceUp = false;
  const load = async () => {
    if (!serviceUp) throw unreachable();
    return ['Ana Rivera'];
  };

  it('shows the data by itself when the window regains focus', async () => {
    serviceUp = false;
    renderFriends(load);
    expect(await screen.findByRole('alert')).toHaveTextContent('The service cannot be reached');
    serviceUp = true;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText('Ana Rivera')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('a page whose code could not be fetched', () => {
  it('says the service cannot be reached inside the app, then shows the page once its code arrives', async () => {
    let codeThere = false;
    const load = async () => {
      if (!codeThere)
        throw new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:9/assets/a.js');
      return { default: () => <h1>My friends</h1> };
    };
    const router = createMemoryRouter([
      {
        path: '/',
        Component: () => (
          <>
            <p>Header and navigation</p>
            <Outlet />
          </>
        ),
        children: [{ index: true, lazy: lazyPage(load) }],
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'The service cannot be reached' })).toBeInTheDocument();
    expect(screen.getByText('Header and navigation')).toBeInTheDocument();
    codeThere = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { name: 'My friends' }, { timeout: 3000 })).toBeInTheDocument();
  });
});
