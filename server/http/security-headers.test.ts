import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startService, type TestService } from '../../testkit/harness.ts';

let service: TestService;
beforeAll(async () => {
  service = await startService({ env: { CORS_ORIGINS: 'http://allowed.example' } });
});
afterAll(() => service.close());

describe('every response', () => {
  it('carries the security headers, errors included', async () => {
    for (const path of ['/sandbox/v1/users', '/user/v1/my/profile', '/nowhere']) {
      const { headers } = await call(service.url, 'GET', path);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('content-security-policy')).toContain("default-src 'none'");
    }
  });

  it('allows cross-origin calls only from configured origins', async () => {
    const allowed = await call(service.url, 'GET', '/sandbox/v1/users', {
      headers: { Origin: 'http://allowed.example' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://allowed.example');
    const other = await call(service.url, 'GET', '/sandbox/v1/users', { headers: { Origin: 'http://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('error bodies', () => {
  it('never echo the credentials that were sent', async () => {
    const token = 'secret-token-value-123456';
    const reply = await call(service.url, 'GET', '/user/v1/my/profile', { token });
    expect(JSON.stringify(reply.body)).not.toContain(token);
    const basic = await call(service.url, 'GET', '/plugin/v2/ai/record-data', {
      headers: { Authorization: `Basic ${Buffer.from('someone:hunter2-secret').toString('base64')}` },
    });
    expect(JSON.stringify(basic.body)).not.toContain('hunter2-secret');
  });
});
