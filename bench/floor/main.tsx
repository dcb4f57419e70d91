/**
 * The floor of the bundle benchmark: the dashboard's four runtime libraries
 * (react, react-dom, react-router-dom, @tanstack/react-query) used the way the
 * dashboard uses them, with no app code, so the first page can be compared
 * with what these libraries cost on their own.
 */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router-dom';

function Page() {
  const { data } = useQuery({ queryKey: ['floor'], queryFn: async () => 'floor' });
  return <p>{data}</p>;
}

function Layout() {
  return (
    <main>
      <Link to="/">home</Link>
      <Outlet />
    </main>
  );
}

const router = createBrowserRouter([{ element: <Layout />, children: [{ index: true, element: <Page /> }] }]);
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
