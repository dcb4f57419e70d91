/** The sample plugin over real HTTP: the Basic check every plugin must make, and its input checks. */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicHeader } from '../contract/basic-auth.ts';
import { errorBodySchema } from '../contract/common.ts';
import { capabilitiesResponseSchema } from '../contract/mission-planner.ts';
import { createPluginApp } from './app.ts';
import { readPluginConfig } from './config.ts';

const ID = 'sandbox-plugin-test';
const SECRET = 'test-secret-of-the-plugin';
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  // The platform address points nowhere: capabilities need no platform, candidates do.
  const app = createPluginApp(
    readPluginConfig({
      PLUGIN_CLIENT_ID: ID,
      PLUGIN_CLIENT_SECRET: SECRET,
      PLATFORM_URL: 'http://127.0.0.1:9',
      PLATFORM_TIMEOUT_MS: '500',
    }),
  );
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

const position = { title: 'Lead', knowledgeLevel: 'craftsman', afsc: '3D0X2', count: 1, exactMatch: true };
const post = (path: string, body: string, authorization?: string) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(authorization ? { Authorization: authorization } : {}) },
    body,
  });

describe('sample plugin', () => {
  it('answers only the platform that presents its own client id and secret', async () => {
    const body = JSON.stringify({ positions: [position] });
    const refused = [
      undefined,
      'Bearer some-user-token',
      `Basic ${Buffer.from(`${ID}${SECRET}`).toString('base64')}`,
      basicHeader(ID, 'wrong-secret'),
      basicHeader('sandbox-plugin-other', SECRET),
    ];
    for (const authorization of refused) {
      const response = await post('/capabilities', body, authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(errorBodySchema.parse(await response.json()).error.code).toBe('unauthorized');
    }
    const accepted = await post('/capabilities', body, basicHeader(ID, SECRET));
    expect(accepted.status).toBe(200);
    const answer = capabilitiesResponseSchema.parse(await accepted.json());
    expect(answer.positions[0]?.competencies.every((c) => c.preferredCompetencyLevel === 'advanced')).toBe(true);
  });

  it('refuses requests that are not the interface’s shape', async () => {
    const auth = basicHeader(ID, SECRET);
    const malformed = await post('/capabilities', '{"positions": [', auth);
    expect(malformed.status).toBe(400);
    expect(errorBodySchema.parse(await malformed.json()).error.code).toBe('malformed_json');
    const wrong = await post('/candidates', JSON.stringify({ positions: [position] }), auth);
    expect(wrong.status).toBe(400);
    const issues = errorBodySchema.parse(await wrong.json()).error.issues?.map((i) => i.path);
    expect(issues).toContain('body.positions.0.competencies');
  });

  it('says so with 502 when it cannot read the platform', async () => {
    const request = {
      positions: [
        {
          title: 'Lead',
          count: 1,
          competencies: [
            {
              competencyId: 'cmp-network-ops',
              title: 'Network operations',
              minimumRequirement: 'basic',
              preferredRequirement: 'advanced',
            },
          ],
        },
      ],
    };
    const response = await post('/candidates', JSON.stringify(request), basicHeader(ID, SECRET));
    expect(response.status).toBe(502);
    expect(errorBodySchema.parse(await response.json()).error.message).toContain('platform');
  });
});
