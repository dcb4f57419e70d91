import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../lib/session/session-store';
import { prefetchLoader } from './prefetch';
import { appRoutes } from './router';

// The shared code, evaluated when the test says so; and which route modules have been evaluated.
const shared = vi.hoisted(() => {
  const state = { evaluated: Promise.resolve(), evaluate: () => {} };
  /** The shared code not evaluated yet: it is, once `evaluate` is called. */
  const notYet = () => {
    state.evaluated = new Promise<void>((resolve) => {
      state.evaluate = resolve;
    });
  };
  return { state, notYet };
});
const ran = vi.hoisted(() => [] as string[]);

vi.mock('./shared-code', () => ({ sharedCodeEvaluated: () => shared.state.evaluated }));
vi.mock('./signed-in-layout', () => {
  ran.push('signed-in layout');
  return { default: () => null };
});
vi.mock('../features/profile/profile-page', () => {
  ran.push('profile page');
  return { default: () => null };
});
vi.mock('../features/auth/sign-in-page', () => {
  ran.push('sign-in page');
  return { default: () => null };
});

function route(routes: readonly RouteObject[], found: (route: RouteObject) => boolean): RouteObject {
  for (const candidate of routes) {
    if (found(candidate)) return candidate;
    const inside = candidate.children ? route(candidate.children, found) : undefined;
    if (inside) return inside;
  }
  throw new Error('no such route');
}

const lazyOf = (r: RouteObject) => r.lazy as () => Promise<unknown>;
/** Whatever is due now, module imports among it, has run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the signed-in pages wait for the code they share', () => {
  afterEach(() => sessionStore.end('signed-out'));

  it('loads the signed-in layout and pages once it is evaluated, and a signed-out page at once', async () => {
    shared.notYet();
    const routes = appRoutes(new QueryClient());
    const layout = route(routes, (r) => r.children?.some((child) => child.path === 'profile') === true);
    const profile = route(routes, (r) => r.path === 'profile');
    const signIn = route(routes, (r) => r.path === 'sign-in');

    const signedIn = Promise.all([lazyOf(layout)(), lazyOf(profile)()]);
    await lazyOf(signIn)();
    await settle();
    expect(ran).toEqual(['sign-in page']);

    shared.state.evaluate();
    await signedIn;
    expect(ran).toEqual(['sign-in page', 'signed-in layout', 'profile page']);
  });

  it('starts a page’s prefetch module only after it too', async () => {
    shared.notYet();
    sessionStore.start('user-1', { token: 't1', refreshToken: 'r1', expiresIn: 60 }, 'sandbox');
    const load = vi.fn(async () => ({ default: () => {} }));
    const loader = prefetchLoader(new QueryClient(), load);

    loader({ params: {}, request: new Request('http://dashboard.test/profile'), context: undefined } as never);
    await settle();
    expect(load).not.toHaveBeenCalled();

    shared.state.evaluate();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });
});
