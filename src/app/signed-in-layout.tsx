/**
 * The frame of every signed-in page: skip link, header with navigation and
 * sign-out, the anonymous-profile notice, and the session gate that sends a
 * person whose session ended to sign in (or, for an anonymous profile, to
 * start a new one). The navigation follows who the person is (see
 * useAccess): a trainer's pages, or their own profile, friends and notes.
 */
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigation } from 'react-router-dom';
import { SearchBox } from '../features/search/components/search-box';
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
  ...featureRoutes.flatMap((route) => (route.label ? [{ to: `/${route.path}`, label: route.label }] : [])),
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

/**
 * The destinations. On a narrow screen they sit behind a "Menu" button (a
 * disclosure: the list opens below the header), so none is cut off; wider,
 * the button is not shown and the list is always there (styles decide, so
 * the open state only matters where the button is visible).
 */
function MainNav({
  items,
  pending,
  main,
}: {
  readonly items: readonly NavItem[];
  readonly pending: boolean;
  readonly main: RefObject<HTMLElement | null>;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const listId = useId();
  const { pathname } = useLocation();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    // A tap anywhere else dismisses it, as a menu does; focus stays where the person put it.
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !nav.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const chose = (to: string) => {
    setOpen(false);
    // Another page moves focus to its heading (useFocusHeadingOnNavigate); the same page would leave it on a
    // link that the closing menu hides, so it goes to the heading here.
    if (to === pathname) main.current?.querySelector<HTMLElement>('h1')?.focus();
  };

  return (
    <nav ref={nav} aria-label="Main" className={open ? 'main-nav is-open' : 'main-nav'} aria-busy={pending}>
      <button
        ref={button}
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        Menu
      </button>
      <ul id={listId}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} onClick={() => chose(item.to)}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
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
          <MainNav items={items} pending={state.status === 'pending'} main={main} />
          <div className="account">
            <SignedInAs />
            {state.status === 'ready' && state.access.trainer ? <SearchBox /> : null}
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
