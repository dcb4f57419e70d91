/**
 * The service's one logger: pino, one JSON object per line on stdout, with
 * `time` (ISO 8601, UTC), `level` (its name), `pid` and `msg`. Chosen for
 * speed: pino serialises without a formatting step and writes through
 * sonic-boom without blocking the request (bench: `npm run bench -- logging`).
 *
 * `LOG_LEVEL` (server/config.ts) sets the level once the settings are read;
 * until then it is `info`. Any module (and the cluster primary) logs with
 * `logger.info({ ...fields }, 'message')`.
 *
 * Never log a token, secret, password, query string or body: request lines
 * carry the route pattern, not the address. Should a credential ever be
 * passed in a log object by mistake, the redaction below blanks it.
 */
import { type DestinationStream, type Logger, pino } from 'pino';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

const credentialKeys = [
  'authorization',
  'Authorization',
  'token',
  'refreshToken',
  'clientSecret',
  'secret',
  'password',
  'adminToken',
];

/** A logger writing to `destination` (stdout, asynchronously, unless given). */
export function createLogger(level: LogLevel = 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // Top-level keys only: wildcard paths (`*.token`) made every line about four times slower.
      redact: { paths: credentialKeys, censor: '[redacted]' },
    },
    // At most 4 KiB (PIPE_BUF) of whole lines per write: the lines of several worker processes sharing
    // one stdout pipe never interleave mid-line.
    destination ?? pino.destination({ dest: 1, sync: false, maxWrite: 4096 }),
  );
}

const isLevel = (value: string | undefined): value is LogLevel => logLevels.includes(value as LogLevel);

/** The service's logger; its level is LOG_LEVEL (checked by server/config.ts when the service starts). */
export const logger: Logger = createLogger(isLevel(process.env.LOG_LEVEL) ? process.env.LOG_LEVEL : 'info');

/** Writes out what is buffered, then exits (a plain `process.exit` flushes too, but this also waits for the write). */
export function exitAfterLogs(code: number): void {
  logger.flush(() => process.exit(code));
  // Should the flush never call back (stdout closed), exit anyway.
  setTimeout(() => process.exit(code), 1000).unref();
}

/** An error as log fields: its class, message and stack (never its `cause`, which may hold input). */
export function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error) };
  return { error: { type: error.name, message: error.message, stack: error.stack } };
}
