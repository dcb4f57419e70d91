import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../../contract/endpoints.ts';
import { call, startService, type TestService } from '../../test/harness.ts';

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

describe('the API reference', () => {
  it('is an OpenAPI 3.1 document with every endpoint of the contract, extensions marked', async () => {
    const reply = await call<{ openapi: string; paths: Record<string, Record<string, { 'x-extension'?: boolean }>> }>(
      service.url,
      'GET',
      '/openapi.json',
    );
    expect(reply.status).toBe(200);
    expect(reply.body.openapi).toBe('3.1.0');
    for (const endpoint of Object.values(endpoints)) {
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
      const operation = reply.body.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(operation?.['x-extension'] === true).toBe('extension' in endpoint && endpoint.extension === true);
    }
  });

  it('is readable as a page', async () => {
    const response = await fetch(`${service.url}/docs`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1>');
    expect(html).toContain('/edu/v1/student/comment');
    expect(html).not.toContain('<script');
  });
});
