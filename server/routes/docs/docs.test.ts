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

  it('says who may use the mission planner, as the service enforces it: trainers, through an app with the training scope', async () => {
    const reply = await call<{ paths: Record<string, Record<string, { description?: string }>> }>(
      service.url,
      'GET',
      '/openapi.json',
    );
    for (const [path, method] of [
      ['/mission-planner/v1/plugins', 'get'],
      ['/mission-planner/v1/capabilities', 'post'],
      ['/mission-planner/v1/candidates', 'post'],
    ] as const) {
      const description = reply.body.paths[path]?.[method]?.description ?? '';
      expect(description, path).toContain('Requires the training scope on the calling app.');
      expect(description, path).toContain('Trainers only');
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
