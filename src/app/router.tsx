/**
 * Every view is a route; every page is a lazy route module (its default
 * export), so a person downloads a page's code only when they open it. A page
 * may also name a prefetch module (see prefetch.ts): its data is asked for
 * while its code downloads.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { BusyNotice } from './busy-notice';
import { featureRoutes } from './feature-routes';
import { PageFallback } from './page-fallback';
import { lazyPage } from './page-loader';
import { type PrefetchModule, prefetchLoader } from './prefetch';
import { NotFoundPage, RootRouteError, RouteError } from './route-error';
import { ServiceRecovery } from './service-recovery';
import { sharedCodeEvaluated } from './shared-code';

type RouteModule = () => Promise<{ default: ComponentType }>;

/** Every page, signed in or not: the page, the notice that says when the service is busy, and recovery from an outage. */
function Root() {
  return (
    <>
      <Outlet />
      <BusyNotice />
      <ServiceRecovery />
    </>
  );
}

export function appRoutes(queryClient: QueryClient): RouteObject[] {
  const page = (path: string | undefined, load: RouteModule, prefetch?: PrefetchModule): RouteObject => ({
    path,
    lazy: lazyPage(load),
    ...(prefetch ? { loader: prefetchLoader(queryClient, prefetch) } : {}),
    ErrorBoundary: RouteError,
  });

  return [
    {
      id: 'root',
      Component: Root,
      HydrateFallback: PageFallback,
      ErrorBoundary: RootRouteError,
      children: [
        page('sign-in', () => import('../features/auth/sign-in-page')),
        // Where the platform's sign-in page sends the person back (the redirect_uri registered for the app).
        page('auth/callback', () => import('../features/auth/callback-page')),
        page('welcome', () => import('../features/onboarding/welcome-page')),
        ...afterSharedCode([
          {
            lazy: lazyPage(() => import('./signed-in-layout'), { standalone: true }),
            // Who the person is (navigation, trainer pages) is asked for with every signed-in page.
            loader: prefetchLoader(queryClient, () => import('../lib/access/prefetch-access')),
            children: afterSharedCode([
              // Where a person lands follows who they are (a lazy module: it needs the API client).
              { index: true, lazy: lazyPage(() => import('./landing')), ErrorBoundary: RouteError },
              page(
                'comments',
                () => import('../features/comments/comments-page'),
                () => import('../features/comments/prefetch'),
              ),
              page('classes', () => import('../features/roster/roster-page')),
              page('notes', () => import('../features/notes/notes-page')),
              page('notes/new', () => import('../features/notes/new-note-page')),
              page(
                'notes/:noteId',
                () => import('../features/notes/note-page'),
                () => import('../features/notes/prefetch-note'),
              ),
              page(
                'students/:userId',
                () => import('./student-record/student-record-page'),
                () => import('./student-record/prefetch'),
              ),
              page(
                'profile',
                () => import('../features/profile/profile-page'),
                () => import('../features/profile/prefetch'),
              ),
              page(
                'friends',
                () => import('../features/friends/friends-page'),
                () => import('../features/friends/prefetch'),
              ),
              ...featureRoutes.map((route) => page(route.path, route.load, route.prefetch)),
              { path: '*', Component: NotFoundPage, ErrorBoundary: RouteError },
            ]),
          },
        ]),
      ],
    },
  ];
}

/** The routes, their code made to wait for the code all signed-in pages share to be evaluated (shared-code.ts). */
function afterSharedCode(routes: RouteObject[]): RouteObject[] {
  for (const route of routes) {
    const { lazy } = route;
    if (typeof lazy !== 'function') continue;
    route.lazy = async () => {
      await sharedCodeEvaluated();
      return lazy();
    };
  }
  return routes;
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRoutes(queryClient));
}
