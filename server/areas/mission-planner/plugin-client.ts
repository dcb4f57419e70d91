/**
 * One call from the service to a plugin's mission planner address: POST JSON
 * with the plugin's Basic header, a hard deadline over the whole exchange
 * (connect, headers and body), a size cap on the answer, and the answer read
 * leniently (plugin-answer.ts). It never throws: every way a plugin can fail
 * becomes a PluginFailure the dashboard shows.
 */
import { HttpError } from '../../errors.ts';
import type { AnswerReading } from './plugin-answer.ts';

/** Largest plugin answer the service reads. */
export const maxPluginAnswerBytes = 2 * 1024 * 1024;

export interface PluginCall {
  readonly url: string;
  readonly authorization: string;
  readonly body: unknown;
  readonly timeoutMs: number;
}

export interface PluginWaits {
  /** Runs `wait` (a search's calls to plugins) as one of the bounded waits, or refuses at once when they are all taken. */
  run<T>(wait: () => Promise<T>): Promise<T>;
  /** Searches waiting on plugins now. */
  waiting(): number;
}

/**
 * A bound on the searches of one process waiting on plugins at once
 * (PLUGIN_MAX_IN_FLIGHT). Each holds a slot of MAX_IN_FLIGHT for as long as
 * its plugins take (up to PLUGIN_TIMEOUT_MS): without this, plugins that hang
 * let searches take every slot, and every other route gets 503. Beyond the
 * bound a search is refused at once with 503 `overloaded` and `Retry-After`,
 * before any plugin is called, so it may be sent again.
 */
export function pluginWaits(bound: number): PluginWaits {
  let waiting = 0;
  return {
    async run(wait) {
      if (waiting >= bound) {
        throw new HttpError(
          503,
          'overloaded',
          `The service is already waiting on plugins for as many searches as it takes (${bound}); try again in 1 second`,
          undefined,
          1,
        );
      }
      waiting++;
      try {
        return await wait();
      } finally {
        waiting--;
      }
    },
    waiting: () => waiting,
  };
}

/** The answer read (with what was left out of it), or why there is none. */
export type PluginOutcome<T> = AnswerReading<T>;

export async function callPlugin<T>(
  call: PluginCall,
  readAnswer: (json: unknown) => AnswerReading<T>,
): Promise<PluginOutcome<T>> {
  const deadline = AbortSignal.timeout(call.timeoutMs);
  const timedOut = (): PluginOutcome<never> => ({
    ok: false,
    failure: { code: 'timeout', message: `The plugin did not answer within ${call.timeoutMs} ms` },
  });
  // Belt and braces: the race settles at the deadline even if a stream ignores the abort.
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<PluginOutcome<never>>((resolve) => {
    timer = setTimeout(() => resolve(timedOut()), call.timeoutMs + 50);
  });
  try {
    return await Promise.race([exchange(call, readAnswer, deadline, timedOut), expiry]);
  } finally {
    clearTimeout(timer);
  }
}

async function exchange<T>(
  call: PluginCall,
  readAnswer: (json: unknown) => AnswerReading<T>,
  signal: AbortSignal,
  timedOut: () => PluginOutcome<never>,
): Promise<PluginOutcome<T>> {
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: 'POST',
      headers: { Authorization: call.authorization, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(call.body),
      signal,
      redirect: 'error',
    });
  } catch (error) {
    if (signal.aborted) return timedOut();
    return {
      ok: false,
      failure: { code: 'unreachable', message: `The plugin could not be reached: ${describe(error)}` },
    };
  }
  let text: string;
  try {
    text = await readCapped(response, signal);
  } catch (error) {
    if (signal.aborted) return timedOut();
    if (error instanceof TooLarge) {
      return {
        ok: false,
        failure: {
          code: 'invalid_response',
          message: `The plugin's answer is larger than ${maxPluginAnswerBytes} bytes`,
        },
      };
    }
    return {
      ok: false,
      failure: { code: 'unreachable', message: `The plugin's answer broke off: ${describe(error)}` },
    };
  }
  if (response.status === 401 || response.status === 403) {
    return {
      ok: false,
      failure: {
        code: 'rejected_credentials',
        message: `The plugin refused the service's credentials (HTTP ${response.status}); its client id or secret does not match the registration`,
      },
    };
  }
  if (response.status < 200 || response.status > 299) {
    return { ok: false, failure: { code: 'http_error', message: `The plugin answered HTTP ${response.status}` } };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {
      ok: false,
      failure: { code: 'invalid_response', message: 'The plugin answered something that is not JSON' },
    };
  }
  return readAnswer(json);
}

class TooLarge extends Error {}

async function readCapped(response: Response, signal: AbortSignal): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxPluginAnswerBytes) {
        cancel();
        throw new TooLarge();
      }
      chunks.push(value);
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
    if (cause && typeof cause.code === 'string') return cause.code;
    if (cause && typeof cause.message === 'string') return cause.message.slice(0, 200);
    return error.message.slice(0, 200);
  }
  return 'unknown error';
}
