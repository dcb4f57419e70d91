import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ErrorState } from '../components/states';
import { ApiError } from '../lib/api/api-error';
import { createQueryClient } from './query-client';
import { RouteError } from './route-error';

function Page({ error }: { readonly error: ApiError }) {
  const query = useQuery({
    queryKey: ['failing', error.status],
    queryFn: async () => {
      throw error;
    },
    retry: false,
  });
  if (query.isError) return <ErrorState error={query.error} what="the comments" />;
  return <p>Loading</p>;
}

function renderPage(error: ApiError) {
  // The app's own QueryClient, fresh per test: its rules decide what reaches the boundary.
  const router = createMemoryRouter([{ path: '/', element: <Page error={error} />, errorElement: <RouteError /> }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('errors by status', () => {
  it('sends a 5xx to the route error boundary', async () => {
    renderPage(new ApiError({ status: 503, code: 'internal', message: 'The service failed' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'The service failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('nothing you did caused this');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('handles a 4xx where it happened', async () => {
    renderPage(new ApiError({ status: 403, code: 'missing_scope', message: 'no training scope' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This app may not use student comments');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('shows a response of the wrong shape as an error state, not a crash', async () => {
    renderPage(new ApiError({ status: 0, code: 'bad_response', message: 'wrong shape' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not read the comments');
  });
});
