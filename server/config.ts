/**
 * The service's settings, read from the environment in this one place and
 * validated at start-up: a bad value stops the program naming the setting.
 */
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { isRedirectUri, redirectUriRule } from '../contract/auth.ts';
import { SANDBOX_SECRETS_KEY } from './data/secrets.ts';
import { logLevels } from './logger.ts';

const portSchema = z.coerce.number().int().min(0).max(65535);

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * One OpenID provider of the organization's (OIDC_PROVIDERS): the sign-in
 * page offers "Continue with <name>", and the person it signs in is the
 * imported person whose `email` (verified) or `externalId` matches.
 */
export const oidcProviderSchema = z.strictObject({
  /** In the sign-in form and the logs; letters, digits and - only. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'must be 1 to 32 lower-case letters, digits or -'),
  /** Shown as "Continue with <name>". */
  name: z.string().trim().min(1).max(60),
  /** Discovery is read from <issuer>/.well-known/openid-configuration. https, or http on a loopback address (tests). */
  issuer: z
    .string()
    .refine((value) => URL.canParse(value), 'must be an absolute URL')
    .refine((value) => {
      if (!URL.canParse(value)) return true;
      const url = new URL(value);
      return url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname));
    }, 'must be https (http only on 127.0.0.1, localhost or [::1])'),
  clientId: z.string().min(1).max(256),
  clientSecret: z.string().min(1).max(1024),
  /** What identifies the person: the verified `email` claim, or the import's `externalId`. */
  match: z.enum(['email', 'externalId']).default('email'),
  /** With match `externalId`: the claim that carries it (default `sub`). */
  externalIdClaim: z.string().min(1).max(100).default('sub'),
  /** The scopes asked for (default `openid email`, or `openid` with match externalId): the ones that release the claim. */
  scope: z
    .string()
    .regex(/^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/, 'must be scopes separated by one space')
    .refine((scope) => scope.split(' ').includes('openid'), 'must include openid')
    .optional(),
});
export type OidcProvider = z.infer<typeof oidcProviderSchema>;

const oidcProvidersSchema = z
  .string()
  .default('[]')
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of providers (see README)' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(oidcProviderSchema)
      .max(10)
      .refine((providers) => new Set(providers.map((p) => p.id)).size === providers.length, 'each id must differ'),
  );

const settingsSchema = z
  .object({
    PORT: portSchema.default(8080),
    NOTES_PORT: portSchema.optional(),
    HOST: z.string().min(1).default('127.0.0.1'),
    /** Default `sandbox`, except with DATABASE_URL: a shared database is bound to one environment, so it is named. */
    PLATFORM_ENV: z.enum(['sandbox', 'production']).optional(),
    /** `off` leaves out every endpoint the contract marks as an extension (404, as on the platform). */
    PLATFORM_EXTENSIONS: z
      .enum(['on', 'off'])
      .default('on')
      .transform((value) => value === 'on'),
    DATABASE: z.string().min(1).default('./data/platform.sqlite'),
    /** `postgres://user@host:port/db` runs the service on PostgreSQL instead of the SQLite file. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    /** Connections each process keeps to PostgreSQL. */
    DATABASE_POOL: z.coerce.number().int().min(1).max(100).default(10),
    /** Worker processes on one port; unset: one per core on PostgreSQL, 1 on SQLite (see README). */
    WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    /** Memory for answers kept and reused, per process (0 switches reuse off). */
    ANSWER_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
    /** How long SIGTERM waits for requests in flight before closing their connections. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    SEED: z.coerce.number().int().min(0).default(1),
    TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).default(3600),
    REFRESH_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .default(30 * 24 * 3600),
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      ),
    /**
     * Sandbox only: more redirect URIs every sandbox app answers to, beside
     * those registered (e.g. the dashboard's callback on another port).
     */
    SANDBOX_REDIRECT_URIS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((uri) => uri.trim())
          .filter(Boolean),
      )
      .refine((uris) => uris.every(isRedirectUri), `each must be ${redirectUriRule}`),
    DASHBOARD_DIR: z.string().default('./dist'),
    DASHBOARD_PLATFORM_URL: z.string().default(''),
    DASHBOARD_NOTES_URL: z.string().default(''),
    DASHBOARD_CLIENT_ID: z.string().optional(),
    PLUGIN_TIMEOUT_MS: z.coerce.number().int().min(1).default(5000),
    /**
     * The key that seals the secrets the service sends (plugins' client secrets,
     * server/data/secrets.ts). Required in production; a sandbox uses the
     * published sandbox key unless it is set.
     */
    SECRETS_KEY: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)').optional(),
    /**
     * Mission planner searches waiting on plugins at once, per process; beyond it a search gets 503 `overloaded`.
     * Unset: a quarter of MAX_IN_FLIGHT (see pluginWaitBound), so hung plugins leave the other slots to other routes.
     */
    PLUGIN_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).optional(),
    /**
     * The API reference page (/docs): `on` or `off`. Unset: on in a sandbox, off in production, where the
     * page would share the dashboard's origin (and the tokens it keeps) with a large third-party bundle.
     */
    DOCS: z.enum(['on', 'off']).optional(),
    /**
     * The service's address as people reach it (`https://platform.example`): invitation and reset links
     * are built on it. Unset, the admin command builds them on its `--url`.
     */
    PUBLIC_URL: z
      .string()
      .refine((value) => /^https?:\/\/[^\s/?#]+\/?$/.test(value) && URL.canParse(value), {
        message: 'must be the service address alone, http:// or https://, e.g. https://platform.example',
      })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
    /** How long an invitation or reset link stays valid, in hours. */
    PASSWORD_LINK_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(72),
    /** Bearer token of the plugin administration routes (/admin/v1); unset switches them off. */
    ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Requests in flight per process beyond which the service answers 503 `overloaded` at once. */
    MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(256),
    /** CPU time (ms) a process spends on requests per event-loop turn before the next ones wait for the next turn. */
    TURN_SLICE_MS: z.coerce.number().int().min(1).max(1000).default(5),
    /** A request body not whole within this long after its headers gets 408 `request_timeout`. */
    BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
    /** A request body that sends nothing for this long gets 408 `request_timeout`. */
    BODY_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(5_000),
    /** Node's headersTimeout: a connection whose request line and headers are not whole within this long is cut (408). */
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
    /** Node's requestTimeout: the backstop over headers and body together; at least HEADERS_TIMEOUT_MS. */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    /** Node's keepAliveTimeout: how long an idle kept-alive connection stays open between requests. */
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
    /**
     * The organization's OpenID providers, a JSON array of { id, name, issuer, clientId, clientSecret,
     * match?: "email" | "externalId", externalIdClaim? } (README, Provisioning production). Default: none.
     */
    OIDC_PROVIDERS: oidcProvidersSchema,
    /**
     * Addresses or CIDR ranges of the proxies in front of the service (a load balancer): from one of them,
     * the client's address is read from X-Forwarded-For. Unset: the connection's own address is the client's.
     */
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine(
        (entries) => entries.every(isAddressOrRange),
        'each must be an IP address or a CIDR range (e.g. 10.0.0.0/8, fd00::/8), separated by commas',
      ),
    /** Consecutive failed sign-ins of one handle from one address before further attempts wait (429). */
    SIGNIN_FAILURES_PER_HANDLE: z.coerce.number().int().min(1).max(1000).default(5),
    /** Failed sign-ins from one address in a day, whatever the handle, before its attempts wait for the day's end. */
    SIGNIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(100),
    /** The first wait (seconds) once SIGNIN_FAILURES_PER_HANDLE is reached; it doubles with each further failure. */
    SIGNIN_WAIT_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
    /** The longest wait (seconds) of one handle from one address. */
    SIGNIN_WAIT_MAX_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    /** Password hashes computed at once per process; beyond it a sign-in gets 503 `overloaded` at once. */
    PASSWORD_HASH_CONCURRENCY: z.coerce
      .number()
      .int()
      .min(1)
      .max(1024)
      .default(2 * availableParallelism()),
    /** Anonymous sign-ups per app from one address in a minute; beyond it 429 `too_many_requests`. */
    ANONYMOUS_SIGNUPS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
    /** Lowest level written: fatal, error, warn, info, debug, trace or silent. */
    LOG_LEVEL: z.enum(logLevels).default('info'),
    /** `1`: one log line per request (request id, method, route pattern, status, duration). */
    LOG_REQUESTS: z
      .enum(['0', '1'])
      .default('0')
      .transform((value) => value === '1'),
  })
  .superRefine((settings, ctx) => {
    if (settings.HEADERS_TIMEOUT_MS > settings.REQUEST_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['HEADERS_TIMEOUT_MS'],
        message: `must be at most REQUEST_TIMEOUT_MS (${settings.REQUEST_TIMEOUT_MS}), which covers the headers too`,
      });
    }
    if (settings.SIGNIN_WAIT_MAX_SECONDS < settings.SIGNIN_WAIT_SECONDS) {
      ctx.addIssue({
        code: 'custom',
        path: ['SIGNIN_WAIT_MAX_SECONDS'],
        message: `must be at least SIGNIN_WAIT_SECONDS (${settings.SIGNIN_WAIT_SECONDS}), the first wait`,
      });
    }
    if (settings.PLUGIN_MAX_IN_FLIGHT !== undefined && settings.PLUGIN_MAX_IN_FLIGHT > settings.MAX_IN_FLIGHT) {
      ctx.addIssue({
        code: 'custom',
        path: ['PLUGIN_MAX_IN_FLIGHT'],
        message: `must be at most MAX_IN_FLIGHT (${settings.MAX_IN_FLIGHT}); below it, searches waiting on plugins leave room for other requests`,
      });
    }
  });

/** Rules between settings, and the defaults the environment decides: PLATFORM_ENV and SECRETS_KEY always have a value. */
const resolvedSchema = settingsSchema
  .superRefine((settings, ctx) => {
    if (settings.PLATFORM_ENV === 'production' && settings.SANDBOX_REDIRECT_URIS.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['SANDBOX_REDIRECT_URIS'],
        message: 'is for a sandbox service only (PLATFORM_ENV=sandbox)',
      });
    }
    if (settings.PLATFORM_ENV === undefined && settings.DATABASE_URL !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['PLATFORM_ENV'],
        message:
          'must be set (sandbox or production) when DATABASE_URL is set: a shared database serves one environment, so it is never assumed',
      });
    }
    if (settings.PLATFORM_ENV === 'production') {
      if (settings.SECRETS_KEY === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['SECRETS_KEY'],
          message:
            'must be set in production (at least 32 characters, e.g. `openssl rand -base64 32`, the same on every instance): it seals the plugin secrets the service sends',
        });
      } else if (settings.SECRETS_KEY === SANDBOX_SECRETS_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: ['SECRETS_KEY'],
          message: 'is the sandbox key published in this repository; production needs a key of its own',
        });
      }
    }
  })
  .transform((settings) => ({
    ...settings,
    PLATFORM_ENV: settings.PLATFORM_ENV ?? ('sandbox' as const),
    SECRETS_KEY: settings.SECRETS_KEY ?? SANDBOX_SECRETS_KEY,
  }));

export type Settings = z.infer<typeof resolvedSchema>;

/** Searches that may wait on plugins at once: PLUGIN_MAX_IN_FLIGHT, or a quarter of MAX_IN_FLIGHT (at least 1). */
export function pluginWaitBound(settings: Pick<Settings, 'PLUGIN_MAX_IN_FLIGHT' | 'MAX_IN_FLIGHT'>): number {
  return settings.PLUGIN_MAX_IN_FLIGHT ?? Math.max(1, Math.floor(settings.MAX_IN_FLIGHT / 4));
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/** Every setting's name (README's Configuration table and .env.example list them all). */
export const settingNames = Object.keys(settingsSchema.shape);

/** Parses settings; throws an Error whose message names each bad setting. */
export function readSettings(env: Record<string, string | undefined> = process.env): Settings {
  const result = resolvedSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Invalid service settings:\n${lines.join('\n')}`);
}
