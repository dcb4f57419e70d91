import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddressOf } from './client-address.ts';

/** A request as @hono/node-server hands it over: the socket's peer and the headers. */
const request = (peer: string | undefined, forwarded?: string) =>
  ({
    env: peer === undefined ? {} : { incoming: { socket: { remoteAddress: peer } } },
    req: { header: (name: string) => (name === 'x-forwarded-for' ? forwarded : undefined) },
  }) as unknown as Context;

describe('the address a request is counted under', () => {
  it('is the connection’s own when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    const of = clientAddressOf([]);
    expect(of(request('198.51.100.7', '203.0.113.1'))).toBe('198.51.100.7');
    expect(of(request('::ffff:198.51.100.7'))).toBe('198.51.100.7');
  });

  it('is the nearest untrusted address in X-Forwarded-For from a trusted proxy, never one the client wrote further left', () => {
    const of = clientAddressOf(['10.0.0.0/8', '192.0.2.1']);
    // The client wrote 1.2.3.4 itself; the balancer (10.0.0.5) appended the address it saw (203.0.113.9).
    expect(of(request('10.0.0.5', '1.2.3.4, 203.0.113.9'))).toBe('203.0.113.9');
    // Two trusted hops: the second proxy's own address is skipped.
    expect(of(request('192.0.2.1', '1.2.3.4, 203.0.113.9, 10.1.2.3'))).toBe('203.0.113.9');
    // Not an address: the chain is broken there, and the peer is what is known.
    expect(of(request('10.0.0.5', '203.0.113.9, not-an-address'))).toBe('10.0.0.5');
    // Not from a trusted proxy: the header is not read.
    expect(of(request('198.51.100.7', '203.0.113.9'))).toBe('198.51.100.7');
  });

  it('is one shared name for requests with no connection (the app called in the same process)', () => {
    expect(clientAddressOf([])(request(undefined))).toBe('in-process');
  });
});
