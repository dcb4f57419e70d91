/**
 * The service's settings, read from the environment in this one place and
 * validated at start-up: a bad value stops the program naming the setting.
 */
import { z } from 'zod';
import { SANDBOX_SECRETS_KEY } from './data/secrets.ts';
import { logLevels } from './logger.ts';

const portSchema = z.coerce.number().int().min(0).max(65535);

const settingsSchema = z.object({
  PORT: portSchema.default(8080),
  NOTES_PORT: portSchema.optional(),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Default `sandbox`, except with DATABASE_URL: a shared database is bound to one environment, so it is named. */
  PLATFORM_ENV: z.enum(['sandbox', 'production']).optional(),
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
  /** Bearer token of the plugin administration routes (/admin/v1); unset switches them off. */
  ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Requests in flight per process beyond which the service answers 503 `overloaded` at once. */
  MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(256),
  /** CPU time (ms) a process spends on requests per event-loop turn before the next ones wait for the next turn. */
  TURN_SLICE_MS: z.coerce.number().int().min(1).max(1000).default(5),
  /** Lowest level written: fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(logLevels).default('info'),
  /** `1`: one log line per request (request id, method, route pattern, status, duration). */
  LOG_REQUESTS: z
    .enum(['0', '1'])
    .default('0')
    .transform((value) => value === '1'),
});

/** The settings the environment decides between them: PLATFORM_ENV and SECRETS_KEY always have a value. */
const resolvedSchema = settingsSchema
  .superRefine((settings, ctx) => {
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

/** Every setting's name (README's Configuration table and .env.example list them all). */
export const settingNames = Object.keys(settingsSchema.shape);

/** Parses settings; throws an Error whose message names each bad setting. */
export function readSettings(env: Record<string, string | undefined> = process.env): Settings {
  const result = resolvedSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Invalid service settings:\n${lines.join('\n')}`);
}
