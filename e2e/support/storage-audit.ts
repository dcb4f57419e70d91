/**
 * Reads every browser storage a page can use and checks that the dashboard
 * kept only what it may: the userId and app data keyed by it (tokens,
 * drafts), never a profile field, in storage, cookies or the URLs visited;
 * and that no sign-in left its PKCE verifier or state behind.
 */
import { type BrowserContext, expect, type Page } from '@playwright/test';

interface StorageDump {
  local: Record<string, string>;
  session: Record<string, string>;
  documentCookie: string;
  indexedDb: { name: string; records: string[] }[];
  caches: { name: string; entries: string[] }[];
}

async function dumpStorage(page: Page): Promise<StorageDump> {
  return page.evaluate(async () => {
    const all = (storage: Storage) => {
      const out: Record<string, string> = {};
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index);
        if (key !== null) out[key] = storage.getItem(key) ?? '';
      }
      return out;
    };
    const readDatabase = (name: string) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const stores = [...db.objectStoreNames];
          if (stores.length === 0) {
            db.close();
            resolve([]);
            return;
          }
          const records: string[] = [];
          const tx = db.transaction(stores, 'readonly');
          for (const store of stores) {
            const cursor = tx.objectStore(store).openCursor();
            cursor.onsuccess = () => {
              const current = cursor.result;
              if (!current) return;
              records.push(JSON.stringify({ key: current.key, value: current.value }));
              current.continue();
            };
          }
          tx.oncomplete = () => {
            db.close();
            resolve(records);
          };
        };
      });
    const databases = await indexedDB.databases();
    const indexedDb = [];
    for (const database of databases) {
      if (database.name) indexedDb.push({ name: database.name, records: await readDatabase(database.name) });
    }
    const cacheDump = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      const entries = [];
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push(`${request.url}\n${response ? await response.text() : ''}`);
      }
      cacheDump.push({ name, entries });
    }
    return {
      local: all(localStorage),
      session: all(sessionStorage),
      documentCookie: document.cookie,
      indexedDb,
      caches: cacheDump,
    };
  });
}

const allowedKey = /^td:(current-user|user:.+:(session|pins|draft:(comment|note|planner)))$/;
const sessionFields = ['expiresAt', 'method', 'refreshToken', 'token'];

/** Watches the URLs a page visits, for the audit. */
export function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

export async function expectNoProfileDataStored(
  page: Page,
  context: BrowserContext,
  { profileValues, visitedUrls }: { profileValues: readonly string[]; visitedUrls: readonly string[] },
): Promise<void> {
  const dump = await dumpStorage(page);
  const cookies = await context.cookies();

  // A sign-in's verifier and state live for its redirect only.
  expect(
    Object.keys(dump.session).filter((key) => /pkce|verifier|state|sign-in/i.test(key)),
    'a sign-in’s PKCE verifier or state left in sessionStorage',
  ).toEqual([]);

  // Only the allowed keys, and sessions of the allowed shape.
  for (const [area, items] of [
    ['localStorage', dump.local],
    ['sessionStorage', dump.session],
  ] as const) {
    expect(
      Object.keys(items).filter((key) => !allowedKey.test(key)),
      `unexpected ${area} keys`,
    ).toEqual([]);
  }
  // The platform's sign-in page keeps its form's CSRF cookie, for its own path only, out of the dashboard's reach.
  const platformCsrf = (cookie: (typeof cookies)[number]) =>
    cookie.name === 'oauth_csrf' && cookie.path === '/oauth' && cookie.httpOnly && cookie.sameSite === 'Strict';
  expect(
    cookies.filter((cookie) => !platformCsrf(cookie)),
    'cookies',
  ).toEqual([]);
  expect(dump.documentCookie, 'document.cookie').toBe('');
  expect(dump.indexedDb, 'IndexedDB databases').toEqual([]);
  expect(dump.caches, 'Cache Storage').toEqual([]);

  // The tokens and userIds are what may be kept: take them out, then no profile value may remain anywhere.
  const allowed: string[] = [];
  for (const [key, value] of Object.entries({ ...dump.local, ...dump.session })) {
    if (key === 'td:current-user') allowed.push(value);
    const userId = /^td:user:(.+):/.exec(key)?.[1];
    if (userId) allowed.push(userId);
    if (key.endsWith(':session')) {
      const session = JSON.parse(value) as Record<string, unknown>;
      expect(Object.keys(session).sort(), `fields of ${key}`).toEqual(sessionFields);
      for (const token of [session.token, session.refreshToken]) if (typeof token === 'string') allowed.push(token);
      // The expiry is a time in milliseconds: a four-digit profile value ("1712", a job series) was found in
      // 1795817123275 by chance.
      if (typeof session.expiresAt === 'number') allowed.push(String(session.expiresAt));
    }
  }
  // The sign-in's random values in the addresses (state, code, PKCE challenge) are not profile data, and a
  // short profile value (a grade such as "E-1") turned up in them by chance now and then: they go too.
  const withoutRandoms = (url: string) => url.replace(/([?&](?:state|code|code_challenge)=)[^&#]*/g, '$1<random>');
  let kept = [JSON.stringify(dump), ...visitedUrls.map((url) => withoutRandoms(decodeURIComponent(url)))].join('\n');
  for (const value of allowed.sort((a, b) => b.length - a.length)) kept = kept.split(value).join('<allowed>');
  const found = profileValues.filter((value) => kept.includes(value));
  expect(found, 'profile values found in browser storage or URLs').toEqual([]);
}
