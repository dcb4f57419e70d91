/**
 * Starts the real service over real HTTP on a free port with a fresh
 * database, seeded with the demo dataset: SQLite in the `service` test
 * project, PostgreSQL in `service-postgres` (see `engine.ts`). Tests talk to
 * it with fetch, as any client would. Every answer it sends is checked
 * against the contract first (`unknown-keys.ts`): one that breaks it is a 500.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Logger } from 'pino';
import type { Endpoint } from '../contract/endpoint.ts';
import type { PasswordWork } from '../server/access/passwords.ts';
import { createApp } from '../server/app.ts';
import { readSettings, type Settings } from '../server/config.ts';
import type { Db } from '../server/data/database.ts';
import type { Area } from '../server/data/versions.ts';
import { configureServer } from '../server/http/node-server.ts';
import { freshDatabase } from './engine.ts';
import { checkResponse } from './unknown-keys.ts';

/** The SECRETS_KEY of the production services tests start (never one a real service may use: it is published here). */
export const TEST_PRODUCTION_SECRETS_KEY = 'test-production-secrets-key-0123456789abcdef';

/**
 * Every test signs up from one loopback address, far more often than a person
 * does; the tests of the limit (server/access/throttle.test.ts) set it back.
 */
export const testThrottles = { ANONYMOUS_SIGNUPS_PER_MINUTE: '100000' } as const;

export interface BoundRoute {
  readonly endpoint: Endpoint;
  /** The data areas its kept answer reads (`router.bind(…, { reads })`); undefined when it is never kept. */
  readonly reads: readonly Area[] | undefined;
}

export interface TestService {
  readonly url: string;
  readonly db: Db;
  /** The database's PostgreSQL URL (for a second process), undefined on SQLite. */
  readonly databaseUrl: string | undefined;
  readonly settings: Settings;
  /** Every route the service bound, in order. */
  readonly routes: readonly BoundRoute[];
  /** Moves the service's clock (seconds) to expire tokens. */
  advanceClock(seconds: number): void;
  close(): Promise<void>;
}

export interface StartOptions {
  readonly env?: Record<string, string>;
  readonly seed?: boolean;
  /** A SQLite file instead of a fresh database of the test project's engine. */
  readonly database?: string;
  readonly bases?: ReadonlyArray<'platform' | 'notes'>;
  /** Share another service's database (a second listener, e.g. production mode). */
  readonly db?: Db;
  /** Serve the built dashboard from DASHBOARD_DIR, as `main.ts` does. */
  readonly serveDashboard?: boolean;
  /** Where the service logs (the service's own logger unless given). */
  readonly logger?: Logger;
  /** The password hashing bound, for a test that holds its slots (one of PASSWORD_HASH_CONCURRENCY unless given). */
  readonly passwords?: PasswordWork;
}

export async function startService(options: StartOptions = {}): Promise<TestService> {
  const settings = readSettings({
    DATABASE: options.database ?? ':memory:',
    // The service shares its event loop with the test's own code here, so a turn's slice would count
    // the test's work too: one long slice unless a test sets it (server/http/overload.ts).
    TURN_SLICE_MS: '1000',
    ...testThrottles,
    // Production needs a key of its own (server/config.ts); the sandbox's sealed copies do not open with it.
    ...(options.env?.PLATFORM_ENV === 'production' ? { SECRETS_KEY: TEST_PRODUCTION_SECRETS_KEY } : {}),
    ...options.env,
  });
  const fresh = options.db
    ? undefined
    : await freshDatabase({
        seed: options.seed === false ? false : settings.SEED,
        ...(options.database ? { file: options.database } : {}),
      });
  const db = options.db ?? (fresh as NonNullable<typeof fresh>).db;
  let offset = 0;
  const routes: BoundRoute[] = [];
  const app = createApp({
    db,
    settings,
    now: () => Math.floor(Date.now() / 1000) + offset,
    probe: { answered: checkResponse, bound: (endpoint, reads) => routes.push({ endpoint, reads }) },
    serveDashboard: options.serveDashboard ?? false,
    ...(options.bases ? { bases: options.bases } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.passwords ? { passwords: options.passwords } : {}),
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    configureServer(s as Server, settings);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    databaseUrl: fresh?.url,
    settings,
    routes,
    advanceClock(seconds) {
      offset += seconds;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close(() => {
          (fresh ? fresh.drop() : Promise.resolve()).then(resolve, reject);
        });
      }),
  };
}

export interface Reply<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

/** A request with JSON in and out; `body` as a string is sent verbatim. */
export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const response = await fetch(base + path, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the test sees the text.
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}

/** Signs a user in to an app through the sandbox extension; returns the user token. */
export async function signIn(base: string, userId: string, clientId = 'sandbox-trainer-dashboard'): Promise<string> {
  const reply = await call<{ token: string }>(base, 'POST', '/sandbox/v1/token', { body: { userId, clientId } });
  if (reply.status !== 200) throw new Error(`sign-in of ${userId} failed: ${JSON.stringify(reply.body)}`);
  return reply.body.token;
}
