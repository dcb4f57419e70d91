/**
 * Start-up: load and validate the runtime configuration, then render the
 * app, or a full-page error that says what is wrong with the configuration.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import type { DashboardConfig } from '../contract/config';
import { loadConfig } from './app/config-loading';
import { firstReadsOf, PUBLIC_PATHS } from './app/first-reads';
import { clearCacheOnSessionChange, createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { startEarlyReads } from './lib/api/early-reads';
import { setRuntimeConfig } from './lib/config/runtime-config';
import { rememberReturnPath } from './lib/session/return-path';
import { isPastExpiry, sessionStore } from './lib/session/session-store';
import { nextTask } from './lib/tasks/next-task';
import './styles/app.css';

/**
 * A signed-out visit to a signed-in page goes straight to sign-in before the
 * router starts, so the first page downloads only its own code.
 */
function redirectSignedOutVisit(): void {
  const { pathname, search } = window.location;
  if (sessionStore.get() || PUBLIC_PATHS.includes(pathname)) return;
  if (pathname !== '/') rememberReturnPath(`${pathname}${search}`);
  window.history.replaceState(null, '', '/sign-in');
}

/**
 * The page's first reads, asked for as soon as the configuration is in, while the rest of the code downloads
 * (early-reads.ts): only for a signed-in visit whose token is not known to be past its expiry (the client would
 * renew it first, and ask with the new one).
 */
function askForFirstReads(config: DashboardConfig): void {
  const session = sessionStore.get();
  if (!session || isPastExpiry(session)) return;
  startEarlyReads(config.platformUrl, session.token, firstReadsOf(window.location.pathname));
}

async function start(): Promise<void> {
  // The configuration (preloaded by index.html) first: the page's first reads wait for it alone.
  const configured = loadConfig().then((result) => {
    if (result.ok) askForFirstReads(result.config);
    return result;
  });
  // Evaluating the bundle is one long task on a phone; starting the app in the same task made it longer
  // still (a 4x-slowed profile: 38 ms of CPU in one task, 160 ms at 4x). Each step below is its own task.
  await nextTask();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  redirectSignedOutVisit();
  // The router starts loading the current page's code (and asking for its data, see app/prefetch.ts) at
  // once, while the configuration (preloaded by index.html) arrives: nothing waits for it but API calls.
  const queryClient = createQueryClient();
  clearCacheOnSessionChange(queryClient);
  const router = createAppRouter(queryClient);
  await nextTask();
  const root = createRoot(container);
  const result = await configured;
  if (!result.ok) {
    router.dispose();
    // Only a broken deployment sees this page: it is not part of what every visit downloads.
    const { ConfigErrorPage } = await import('./app/config-error-page');
    root.render(<ConfigErrorPage failure={result} />);
    return;
  }
  setRuntimeConfig(result.config);
  // In a transition, React renders the first screen in slices of a few milliseconds, yielding to the
  // browser between them, rather than in one task: on a phone, one task less that blocks input.
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}

void start();
