/**
 * e2e journeys in Debian's Chromium (testkit/chromium.ts) against the REAL service serving the
 * built dashboard (`npm run test:e2e` builds first). Each run gets fresh
 * SQLite files in a temp directory; the service seeds the demo data on
 * first start. Servers:
 *   18200  sandbox platform (notes on their own base address, 18202)
 *   18201  production platform misconfigured with a sandbox client id
 *   18203  sandbox whose sessions expire within seconds (refresh journeys)
 *   18204  the sandbox's database with PLATFORM_EXTENSIONS=off: the journeys tagged @field run
 *          again there (project "without-extensions"); their helpers sign in and read through 18200
 *   18240  sandbox with an OpenID provider configured (OIDC_PROVIDERS), 18241 that provider (oidc-provider)
 *   18250  production platform on an empty database, provisioned by the invitation journey with npm run admin,
 *          configured with the OpenID provider on 18251 (oidc-provider, the journey's own)
 *   18300  sandbox for the mission planner journey, 18301 the sample plugin it calls
 * Projects: "chromium" at 1280×800, "phone" (the same journeys at 390×844) and "without-extensions".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  invitation,
  invitationProvider,
  openidPorts,
  openidProvider,
  plannerPorts,
  ports,
  shortSessions,
} from './e2e/support/ports';
import type { FieldOptions } from './e2e/support/test';
import { chromiumLaunchOptions } from './testkit/chromium';

const host = '127.0.0.1';
const origin = (port: number) => `http://${host}:${port}`;

// Workers re-read this file; the runner's directory, passed down in the environment, is the one used.
if (!process.env.E2E_DB_DIR) {
  const created = mkdtempSync(join(tmpdir(), 'trainer-dashboard-e2e-'));
  process.env.E2E_DB_DIR = created;
  // The runner exits after stopping the services, also when one failed to start.
  process.on('exit', () => rmSync(created, { recursive: true, force: true }));
}
const dbDir = process.env.E2E_DB_DIR;

/** The dashboard's sign-in callback on `port`: every sandbox app answers to it (SANDBOX_REDIRECT_URIS). */
const callbackOn = (port: number) => ({ SANDBOX_REDIRECT_URIS: `${origin(port)}/auth/callback` });

/**
 * The service from source on `port`, serving the built dashboard, on its own SQLite file `name`.
 * Idle connections are kept for two minutes, not the service's 5 s: a journey's `request` fixture (Node's
 * client) reuses a kept-alive connection and, unlike a browser, never retries a request the server's close
 * raced. A journey that read the sandbox, drove the page for 5 s and read again failed now and then with
 * "socket hang up (ECONNRESET)" (seen once in CI). Only the journeys' services: the default
 * (KEEP_ALIVE_TIMEOUT_MS in server/config.ts) is unchanged.
 */
const serviceOn = (port: number, name: string, env: Record<string, string>) => ({
  command: 'npx tsx server/main.ts',
  url: `${origin(port)}/config.json`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    HOST: host,
    DASHBOARD_DIR: 'dist',
    PORT: String(port),
    DATABASE: join(dbDir, `${name}.sqlite`),
    KEEP_ALIVE_TIMEOUT_MS: '120000',
    // Every journey signs up from one loopback address; the limit itself is proved by the service tests.
    ANONYMOUS_SIGNUPS_PER_MINUTE: '100000',
    ...env,
  },
});

/** A real OpenID Provider (oidc-provider, its development login page) in its own process on `port`, with one client. */
const openidProviderOn = (
  port: number,
  op: { clientId: string; clientSecret: string; redirectUri: string; accounts: Record<string, object> },
) => ({
  command: 'npx tsx testkit/openid-provider-main.ts',
  url: `${origin(port)}/.well-known/openid-configuration`,
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    OP_PORT: String(port),
    OP_CLIENT_ID: op.clientId,
    OP_CLIENT_SECRET: op.clientSecret,
    OP_REDIRECT_URI: op.redirectUri,
    OP_ACCOUNTS: JSON.stringify(op.accounts),
  },
});

export default defineConfig<FieldOptions>({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: origin(ports.sandbox),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    { name: 'chromium', use: { viewport: { width: 1280, height: 800 } } },
    // Every journey again on a phone's width (issue 20: the journeys run at 1280 and 390 px).
    { name: 'phone', use: { viewport: { width: 390, height: 844 } } },
    {
      // The trainer, trainee and anonymous journeys against the platform's own offer, no extension of ours.
      name: 'without-extensions',
      grep: /@field/,
      use: { baseURL: origin(ports.bare), extensionsOff: true, helperBaseURL: origin(ports.sandbox) },
    },
  ],
  webServer: [
    serviceOn(ports.sandbox, 'sandbox', {
      PLATFORM_ENV: 'sandbox',
      NOTES_PORT: String(ports.notes),
      DASHBOARD_NOTES_URL: origin(ports.notes),
      CORS_ORIGINS: origin(ports.sandbox),
      ...callbackOn(ports.sandbox),
    }),
    // After the sandbox (the same database, seeded by it): the platform as it is, without our extensions.
    serviceOn(ports.bare, 'sandbox', {
      PLATFORM_ENV: 'sandbox',
      PLATFORM_EXTENSIONS: 'off',
      ...callbackOn(ports.bare),
    }),
    serviceOn(ports.production, 'production', {
      PLATFORM_ENV: 'production',
      SECRETS_KEY: 'e2e-production-secrets-key-0123456789abcdef',
      DASHBOARD_CLIENT_ID: 'sandbox-trainer-dashboard',
    }),
    // The invitation journey's OpenID provider: the organization's directory, which knows the invited trainer.
    openidProviderOn(invitationProvider.port, {
      clientId: invitationProvider.clientId,
      clientSecret: invitationProvider.clientSecret,
      redirectUri: `${origin(invitation.port)}/oauth/oidc/callback`,
      accounts: { [invitationProvider.login]: invitationProvider.claims },
    }),
    // Empty until the invitation journey provisions it: people, the dashboard's app and an invitation.
    serviceOn(invitation.port, 'invitation', {
      PLATFORM_ENV: 'production',
      SECRETS_KEY: 'e2e-invitation-secrets-key-0123456789abcdef',
      ADMIN_TOKEN: invitation.adminToken,
      DASHBOARD_CLIENT_ID: invitation.clientId,
      OIDC_PROVIDERS: JSON.stringify([
        {
          id: invitationProvider.id,
          name: invitationProvider.name,
          issuer: origin(invitationProvider.port),
          clientId: invitationProvider.clientId,
          clientSecret: invitationProvider.clientSecret,
        },
      ]),
    }),
    serviceOn(ports.shortSessions, 'short-sessions', {
      PLATFORM_ENV: 'sandbox',
      TOKEN_TTL_SECONDS: String(shortSessions.tokenSeconds),
      REFRESH_TTL_SECONDS: String(shortSessions.refreshSeconds),
      ...callbackOn(ports.shortSessions),
    }),
    // The mission planner journey: its own sandbox (admin routes on) and the sample plugin it calls.
    serviceOn(plannerPorts.service, 'mission-planner', {
      PLATFORM_ENV: 'sandbox',
      ADMIN_TOKEN: 'e2e-mission-planner-admin-token',
      ...callbackOn(plannerPorts.service),
    }),
    // The OpenID sign-in journey: a real OpenID Provider in its own process, and a sandbox configured with it.
    openidProviderOn(openidPorts.provider, {
      clientId: openidProvider.clientId,
      clientSecret: openidProvider.clientSecret,
      redirectUri: `${origin(openidPorts.service)}/oauth/oidc/callback`,
      accounts: { [openidProvider.login]: openidProvider.claims },
    }),
    serviceOn(openidPorts.service, 'openid', {
      PLATFORM_ENV: 'sandbox',
      OIDC_PROVIDERS: JSON.stringify([
        {
          id: openidProvider.id,
          name: openidProvider.name,
          issuer: origin(openidPorts.provider),
          clientId: openidProvider.clientId,
          clientSecret: openidProvider.clientSecret,
        },
      ]),
      ...callbackOn(openidPorts.service),
    }),
    {
      command: 'npx tsx plugin/main.ts',
      url: `${origin(plannerPorts.plugin)}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { PLUGIN_HOST: host, PLUGIN_PORT: String(plannerPorts.plugin), PLATFORM_URL: origin(plannerPorts.service) },
    },
  ],
});
