/**
 * HTTP Basic credentials as the interface uses them (sections 4.2 and 5):
 * plugins call the service, and the service calls plugins, with
 * `Authorization: Basic base64(clientId:clientSecret)`. Building and reading
 * the header only: each side compares what it read with its own secret, in
 * constant time, itself.
 */

export interface BasicCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** Why a header carries no credentials: it is not `Basic <base64>`, or no client id stands before a colon. */
export type BasicFault = 'not-basic' | 'no-client-id';

export function basicHeader(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
}

/** The client id and secret of a Basic header (base64 or base64url), or why there are none. */
export function readBasic(header: string | undefined): BasicCredentials | BasicFault {
  const match = /^basic\s+([A-Za-z0-9+/=_-]{1,1024})\s*$/i.exec(header ?? '');
  if (!match?.[1]) return 'not-basic';
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return 'no-client-id';
  return { clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) };
}

/** The client id and secret of a Basic header, or undefined when it carries none. */
export function decodeBasic(header: string | undefined): BasicCredentials | undefined {
  const read = readBasic(header);
  return typeof read === 'string' ? undefined : read;
}
