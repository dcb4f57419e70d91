/**
 * Every view is a route; every page is a lazy route module (its default
 * export), so a person downloads a page's code only when they open it.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
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

export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: PageFallback,
    ErrorBoundary: RootRouteError,
    children: [
      page('sign-in', () => import('../features/auth/sign-in-page')),
      page('welcome', () => import('../features/onboarding/welcome-page')),
      {
        lazy: async () => ({ Component: (await import('./signed-in-layout')).default }),
        children: [
          // Where a person lands follows who they are (a lazy module: it needs the API client).
          { index: true, lazy: async () => ({ Component: (await import('./landing')).default }) },
          page('comments', () => import('../features/comments/comments-page')),
          page('notes', () => import('../features/notes/notes-page')),
          page('notes/new', () => import('../features/notes/new-note-page')),
          page('notes/:noteId', () => import('../features/notes/note-page')),
          page('students/:userId', () => import('../features/students/student-record-page')),
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
