/**
 * The address a request comes from, as the throttles count it: the
 * connection's own, or, when that is one of TRUSTED_PROXIES, the nearest
 * address in X-Forwarded-For that is not itself a trusted proxy. Entries to
 * the left of that one are the client's to write, so they are never read:
 * a guesser cannot pick the address it is counted under.
 */
import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import type { NodeEnv } from './request.ts';

/** An answer for requests with no connection (the app called in the same process): one address for them all. */
const IN_PROCESS = 'in-process';

export type ClientAddress = (c: Context) => string;

export function clientAddressOf(trustedProxies: readonly string[]): ClientAddress {
  const trusted = new BlockList();
  for (const entry of trustedProxies) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) trusted.addAddress(address, family);
    else trusted.addSubnet(address, Number(bits), family);
  }
  const isTrusted = (address: string) => trusted.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

  return (c) => {
    const peer = normal((c.env as NodeEnv | undefined)?.incoming?.socket?.remoteAddress);
    if (peer === undefined) return IN_PROCESS;
    if (trustedProxies.length === 0 || !isTrusted(peer)) return peer;
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => normal(entry.trim()))
      .reverse();
    for (const hop of forwarded) {
      // A hop that is not an address breaks the chain: what lies beyond it cannot be trusted either.
      if (hop === undefined) return peer;
      if (!isTrusted(hop)) return hop;
    }
    return peer;
  };
}

/** An IP address in one spelling (IPv4-mapped IPv6 as IPv4), or undefined when it is none. */
function normal(address: string | undefined): string | undefined {
  if (address === undefined || isIP(address) === 0) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address.toLowerCase();
}
