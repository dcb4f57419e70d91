/**
 * The sample plugin's logger: pino, JSON lines on stdout in the service's
 * shape (`time` ISO 8601, `level` by name, `pid`, `msg`), so both read alike
 * where `npm start` runs them side by side. Its level is LOG_LEVEL (info
 * when unset or not a level). Credentials that reach a log object by mistake
 * are blanked.
 */
import { type Logger, pino } from 'pino';

const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const level = process.env.LOG_LEVEL;

export const logger: Logger = pino(
  {
    level: level !== undefined && levels.includes(level) ? level : 'info',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: {
      paths: [
        'authorization',
        'Authorization',
        'token',
        'refreshToken',
        'clientSecret',
        'secret',
        'password',
        'adminToken',
      ],
      censor: '[redacted]',
    },
  },
  // Whole lines of at most 4 KiB per write, so they never interleave with others on a shared pipe.
  pino.destination({ dest: 1, sync: false, maxWrite: 4096 }),
);

/** Writes out what is buffered, then exits; exits anyway should the write never finish. */
export function exitAfterLogs(code: number): void {
  logger.flush(() => process.exit(code));
  setTimeout(() => process.exit(code), 1000).unref();
}

/** An error as log fields: its class, message and stack (never its `cause`, which may hold input). */
export function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error) };
  return { error: { type: error.name, message: error.message, stack: error.stack } };
}
