/**
 * The frame of every signed-in page: skip link, header with navigation and
 * sign-out, the anonymous-profile notice, and the session gate that sends a
 * person whose session ended to sign in (or, for an anonymous profile, to
 * start a new one). The navigation follows who the person is (see
 * useAccess): a trainer's pages, or their own profile, friends and notes.
 */
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigation } from 'react-router-dom';
import { accessQueries } from '../lib/access/access-queries';
import { type Access, useAccess } from '../lib/access/use-access';
import { getRuntimeConfig } from '../lib/config/runtime-config';
import { rememberReturnPath } from '../lib/session/return-path';
import { type CurrentSession, sessionStore } from '../lib/session/session-store';
import { useSession } from '../lib/session/use-session';
import { featureRoutes } from './feature-routes';
import { SignOutButton } from './sign-out-button';
import '../styles/signed-in.css';

interface NavItem {
  readonly to: string;
  readonly label: string;
}

const trainerNav: readonly NavItem[] = [
  { to: '/classes', label: 'Classes and students' },
  { to: '/comments', label: 'Student comments' },
  { to: '/notes', label: 'Training notes' },
  ...featureRoutes.map((route) => ({ to: `/${route.path}`, label: route.label })),
  { to: '/profile', label: 'My profile' },
  { to: '/friends', label: 'My friends' },
];

const personalNav: readonly NavItem[] = [
  { to: '/profile', label: 'My profile' },
  { to: '/friends', label: 'My friends' },
  { to: '/notes', label: 'My notes' },
];

/** Nothing while it is not known yet (the bar keeps its height); one's own pages if it cannot be known. */
function navFor(state: ReturnType<typeof useAccess>): readonly NavItem[] {
  if (state.status === 'pending') return [];
  if (state.status === 'error') return personalNav;
  return navForAccess(state.access);
}

function navForAccess(access: Access): readonly NavItem[] {
  return access.trainer ? trainerNav : personalNav;
}

/** After a navigation, focus the new page's heading so keyboard and screen-reader users start there. */
function useFocusHeadingOnNavigate(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    // The first page, and the landing's redirect from `/`, are where the person arrived: focus stays at the start.
    if (from === null || from === '/') return;
    main.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [pathname, main]);
}

function SignedInAs() {
  const me = useQuery(accessQueries.myProfile());
  if (!me.data) return null;
  return (
    <p className="signed-in-as">
      Signed in as <bdi className="handle">{me.data.handle}</bdi>
    </p>
  );
}

function Shell({ session }: { readonly session: CurrentSession }) {
  const main = useRef<HTMLElement>(null);
  const navigation = useNavigation();
  const config = getRuntimeConfig();
  const state = useAccess();
  const items = navFor(state);
  useFocusHeadingOnNavigate(main);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="app-header">
        <div className="app-header-inner">
          <p className="brand">
            Trainer dashboard
            {config.environment === 'sandbox' ? <span className="env-badge">Sandbox</span> : null}
          </p>
          <nav aria-label="Main" className="main-nav" aria-busy={state.status === 'pending'}>
            <ul>
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to}>{item.label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="account">
            <SignedInAs />
            <SignOutButton session={session} />
          </div>
        </div>
        {navigation.state === 'loading' ? (
          <div className="route-progress" role="progressbar" aria-label="Loading the page" />
        ) : null}
      </header>
      {session.method === 'anonymous' ? (
        <section className="notice-bar" aria-label="Anonymous profile">
          <p>
            <strong>You are using an anonymous profile.</strong> If you sign out or your session is lost, it cannot be
            recovered: you will start again with a new anonymous profile.
          </p>
        </section>
      ) : null}
      <main id="main" ref={main} className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

export default function SignedInLayout() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const ended = sessionStore.lastEnd();
    if (ended?.reason !== 'signed-out') rememberReturnPath(`${location.pathname}${location.search}`);
    return <Navigate to={ended?.method === 'anonymous' ? '/welcome' : '/sign-in'} replace />;
  }
  return <Shell session={session} />;
}
