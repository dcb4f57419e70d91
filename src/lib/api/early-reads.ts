/**
 * A signed-in page's first reads, asked for by the entry itself the moment
 * the configuration is in (src/main.tsx), not once the code signed-in pages
 * share has downloaded and been evaluated (app/prefetch.ts): on Lighthouse's
 * phone that is ~60 KB more to download and several tasks to evaluate, and
 * every read waited for both. The page's own queries take each answer, once,
 * in `request` (request.ts), which reads and checks it with the endpoint's
 * schema as it does any answer; an answer nobody takes within
 * `EARLY_READ_TTL_MS` is dropped, and any other request is fetched as ever.
 *
 * Only GETs of the signed-in person, sent with exactly the headers and cache
 * mode `request` sends them with: an answer is taken only by a request that
 * asks for the same address with the same token. Which reads each page
 * starts with is app/first-reads.ts's table.
 */

/** How long an early answer waits to be taken: a page takes its reads within a second or two of loading. */
export const EARLY_READ_TTL_MS = 10_000;

interface EarlyRead {
  readonly authorization: string;
  readonly answer: Promise<Response>;
  readonly until: number;
}

const early = new Map<string, EarlyRead>();

/**
 * The same request `request` sends for a GET of the signed-in person's (request.ts): keep the two alike, or the
 * early answer is simply never taken.
 */
function earlyInit(token: string): RequestInit {
  return {
    method: 'GET',
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    credentials: 'omit',
    cache: 'no-store',
  };
}

/** Asks for these reads (addresses under the platform's base) with the person's token; `now` is for tests. */
export function startEarlyReads(platformUrl: string, token: string, paths: readonly string[], now = Date.now()): void {
  for (const path of paths) {
    const url = `${platformUrl}${path}`;
    const answer = fetch(url, earlyInit(token));
    // Nobody may take it (another page was opened): an unread failure must not be reported as unhandled.
    answer.catch(() => undefined);
    const read = { authorization: `Bearer ${token}`, answer, until: now + EARLY_READ_TTL_MS };
    early.set(url, read);
    setTimeout(() => {
      if (early.get(url) === read) early.delete(url);
    }, EARLY_READ_TTL_MS);
  }
}

function authorizationOf(init: RequestInit): string | null {
  return new Headers(init.headers).get('Authorization');
}

/** Waits for `answer`, or stops as a fetch would once `signal` aborts. */
function abortable(answer: Promise<Response>, signal: AbortSignal | null | undefined): Promise<Response> {
  if (!signal) return answer;
  return new Promise((resolve, reject) => {
    // As fetch stops: an AbortError, whatever reason the signal was given.
    const stop = () => reject(new DOMException('The read was cancelled', 'AbortError'));
    if (signal.aborted) {
      stop();
      return;
    }
    signal.addEventListener('abort', stop, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/**
 * The early answer to this very request, taken once; undefined when there is none (then fetch). An early read that
 * could not reach the service is asked for again, so a failure is this request's own.
 */
export function takeEarlyRead(url: string, init: RequestInit, now = Date.now()): Promise<Response> | undefined {
  const found = early.get(url);
  if (!found) return undefined;
  early.delete(url);
  const same =
    (init.method ?? 'GET') === 'GET' &&
    init.body == null &&
    init.cache === 'no-store' &&
    authorizationOf(init) === found.authorization;
  if (!same || now > found.until) return undefined;
  return abortable(
    found.answer.catch(() => fetch(url, init)),
    init.signal,
  );
}
