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

  it('documents the paging extension of the two long lists, and the busy answer of every operation', async () => {
    type Operation = {
      parameters: { name: string; in: string; 'x-extension'?: boolean }[];
      responses: Record<string, { headers?: Record<string, { 'x-extension'?: boolean }> }>;
    };
    const reply = await call<{ paths: Record<string, Record<string, Operation>> }>(service.url, 'GET', '/openapi.json');
    for (const path of ['/edu/v1/student/comment', '/edu/v1/note/list']) {
      const list = reply.body.paths[path]?.get;
      const paging = list?.parameters.filter((p) => p.name === 'limit' || p.name === 'cursor');
      expect(
        paging?.map((p) => [p.name, p.in, p['x-extension']]),
        path,
      ).toEqual([
        ['limit', 'query', true],
        ['cursor', 'query', true],
      ]);
      expect(list?.responses['200']?.headers?.Link?.['x-extension'], path).toBe(true);
    }
    // The interface's own filters are not marked as extensions.
    const filters = reply.body.paths['/edu/v1/student/comment']?.get?.parameters.filter((p) => p.name === 'studentId');
    expect(filters?.[0]?.['x-extension']).toBeUndefined();
    for (const operations of Object.values(reply.body.paths)) {
      for (const operation of Object.values(operations))
        expect(operation.responses['503']?.headers?.['Retry-After']).toBeDefined();
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
