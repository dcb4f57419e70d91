/**
 * A page's code, loaded so that an outage does not break the app for good.
 * React Router keeps the promise a route's `lazy` returned, a failed one
 * too, so a page whose code could not be fetched would stay broken until a
 * reload. Here `lazy` does not fail for want of the network: the route gets
 * a stand-in that says the service cannot be reached, keeps fetching the
 * code (see use-recovery.ts) and shows the page as soon as it arrives. The
 * header and navigation around it stay, since the stand-in is the page.
 */
import { type ComponentType, useState } from 'react';
import { ServiceUnreachable } from './service-unreachable';
import { useRecovery } from './use-recovery';

export type PageModule = () => Promise<{ default: ComponentType }>;

/** How each browser says a module's code could not be fetched (Chromium, Firefox, Safari), and Vite a page's styles. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

/** The failed module's address, where the browser names it. */
function failedUrl(error: unknown): string | undefined {
  return error instanceof Error ? /(https?:\/\/[^\s'"]+?\.js)\b/.exec(error.message)?.[1] : undefined;
}

let attempts = 0;

/**
 * Loads the module again. A browser that remembers a failed import for its
 * address fails again at once; then the same file is asked for under a fresh
 * address (a query the static file server ignores), which it has not seen.
 */
export async function loadAgain(load: PageModule): Promise<{ default: ComponentType }> {
  try {
    return await load();
  } catch (error) {
    const url = failedUrl(error);
    if (!url) throw error;
    attempts += 1;
    return (await import(/* @vite-ignore */ `${url}?retry=${Date.now()}-${attempts}`)) as { default: ComponentType };
  }
}

interface Holder {
  page: ComponentType | undefined;
}

function RecoveringPage({ load, holder, standalone }: { load: PageModule; holder: Holder; standalone: boolean }) {
  const [Page, setPage] = useState<ComponentType | undefined>(() => holder.page);
  // Opened again after a failure: the service may be back already.
  useRecovery(
    Page === undefined,
    async () => {
      const module = await loadAgain(load);
      holder.page = module.default;
      setPage(() => module.default);
    },
    { immediately: true },
  );
  if (Page) return <Page />;
  const message = <ServiceUnreachable what="this page" />;
  return standalone ? (
    <main className="standalone" id="main">
      <div className="standalone-card">{message}</div>
    </main>
  ) : (
    message
  );
}

/**
 * A route's `lazy` for a page module. `standalone`: the route has no layout
 * around it (the signed-in layout itself), so the stand-in brings its own
 * landmark. Errors other than a fetch that failed (a bug while the module
 * runs) still go to the route's error boundary.
 */
export function lazyPage(load: PageModule, { standalone = false } = {}) {
  const holder: Holder = { page: undefined };
  const Recovering = () => <RecoveringPage load={load} holder={holder} standalone={standalone} />;
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      holder.page = (await load()).default;
      return { Component: holder.page };
    } catch (error) {
      if (!isChunkLoadError(error)) throw error;
      return { Component: Recovering };
    }
  };
}
