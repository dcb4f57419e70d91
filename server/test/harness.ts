/**
 * Starts the real service over real HTTP on a free port with a fresh SQLite
 * database (in memory unless a file is given), seeded with the demo dataset.
 * Tests talk to it with fetch, as any client would.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../app.ts';
import { readSettings, type Settings } from '../config.ts';
import { type Db, openDatabase } from '../db/database.ts';
import { seedIfEmpty } from '../seed/seed.ts';

export interface TestService {
  readonly url: string;
  readonly db: Db;
  readonly settings: Settings;
  /** Moves the service's clock (seconds) to expire tokens. */
  advanceClock(seconds: number): void;
  close(): Promise<void>;
}

export interface StartOptions {
  readonly env?: Record<string, string>;
  readonly seed?: boolean;
  readonly database?: string;
  readonly bases?: ReadonlyArray<'platform' | 'notes'>;
  /** Share another service's database (a second listener, e.g. production mode). */
  readonly db?: Db;
  /** Serve the built dashboard from DASHBOARD_DIR, as `main.ts` does. */
  readonly serveDashboard?: boolean;
}

export async function startService(options: StartOptions = {}): Promise<TestService> {
  const settings = readSettings({ DATABASE: options.database ?? ':memory:', ...options.env });
  const db = options.db ?? openDatabase(settings.DATABASE);
  if (!options.db && options.seed !== false) seedIfEmpty(db, settings.SEED);
  let offset = 0;
  const app = createApp({
    db,
    settings,
    now: () => Math.floor(Date.now() / 1000) + offset,
    checkResponses: true,
    serveDashboard: options.serveDashboard ?? false,
    ...(options.bases ? { bases: options.bases } : {}),
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    settings,
    advanceClock(seconds) {
      offset += seconds;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          if (!options.db) db.close();
          resolve();
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
