/**
 * Every view is a route; every page is a lazy route module (its default
 * export), so a person downloads a page's code only when they open it.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { BusyNotice } from './busy-notice';
import { featureRoutes } from './feature-routes';
import { PageFallback } from './page-fallback';
import { NotFoundPage, RootRouteError, RouteError } from './route-error';

type RouteModule = () => Promise<{ default: ComponentType }>;

function page(path: string | undefined, load: RouteModule): RouteObject {
  return {
    path,
    lazy: async () => ({ Component: (await load()).default }),
    ErrorBoundary: RouteError,
  };
}

/** Every page, signed in or not: the page, and the notice that says when the service is busy. */
function Root() {
  return (
    <>
      <Outlet />
      <BusyNotice />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    HydrateFallback: PageFallback,
    ErrorBoundary: RootRouteError,
    children: [
      page('sign-in', () => import('../features/auth/sign-in-page')),
      page('welcome', () => import('../features/onboarding/welcome-page')),
      {
        lazy: async () => ({ Component: (await import('./signed-in-layout')).default }),
        children: [
          { index: true, element: <Navigate to="/profile" replace /> },
          page('comments', () => import('../features/comments/comments-page')),
          page('notes', () => import('../features/notes/notes-page')),
          page('notes/new', () => import('../features/notes/new-note-page')),
          page('notes/:noteId', () => import('../features/notes/note-page')),
          page('profile', () => import('../features/profile/profile-page')),
          page('friends', () => import('../features/friends/friends-page')),
          ...featureRoutes.map((route) => page(route.path, route.load)),
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
