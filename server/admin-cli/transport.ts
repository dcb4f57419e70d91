/**
 * Where the administration API's requests go, and the first way there: to a
 * running service over HTTP (`--url`, with the ADMIN_TOKEN setting). The
 * other, the same API built in this process, is in-process-transport.ts.
 */
import { UsageError } from './command-line.ts';

export interface Transport {
  /** The address the API's paths are under: the service's, or none for the API in this process. */
  readonly base: string;
  /** The bearer token that opens the API. */
  readonly token: string;
  readonly fetch: (url: string, init: RequestInit) => Promise<Response>;
  close(): Promise<void>;
}

export function httpTransport(url: string, env: NodeJS.ProcessEnv): Transport {
  const token = env.ADMIN_TOKEN;
  if (!token) throw new UsageError("--url needs the ADMIN_TOKEN setting (the service's own) in the environment");
  return {
    base: url.replace(/\/+$/, ''),
    token,
    fetch: (address, init) => fetch(address, init),
    close: async () => {},
  };
}
