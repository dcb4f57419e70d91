import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicHeader } from '../../../contract/basic-auth.ts';
import { errorBodySchema } from '../../../contract/common.ts';
import {
  adminOrgListSchema,
  adminPluginListSchema,
  adminPluginSchema,
  pluginWithSecretSchema,
} from '../../../contract/plugin.ts';
import { call, startService, type TestService } from '../../../testkit/harness.ts';
import { ADMIN_TOKEN, admin } from '../../../testkit/plugin-kit.ts';

let service: TestService;
let url: string;

beforeAll(async () => {
  service = await startService({ env: { ADMIN_TOKEN } });
  url = service.url;
});
afterAll(() => service.close());

const readRecords = (clientId: string, secret: string) =>
  call(url, 'GET', '/plugin/v2/ai/record-data', { headers: { Authorization: basicHeader(clientId, secret) } });

describe('plugin administration', () => {
  it('refuses callers without the right admin token', async () => {
    const missing = await call(url, 'POST', '/admin/v1/plugins', { body: { name: 'Sneaky', environment: 'sandbox' } });
    expect(missing.status).toBe(401);
    expect(errorBodySchema.parse(missing.body).error.code).toBe('unauthorized');
    const wrong = await call(url, 'GET', '/admin/v1/plugins', { token: 'not-the-admin-token-at-all' });
    expect(wrong.status).toBe(401);
    expect(errorBodySchema.parse(wrong.body).error.code).toBe('invalid_token');
    const names = adminPluginListSchema.parse((await admin(url, 'GET', '/admin/v1/plugins')).body).map((p) => p.name);
    expect(names).not.toContain('Sneaky');
  });

  it('is switched off when the service has no ADMIN_TOKEN', async () => {
    const plain = await startService({ db: service.db });
    try {
      const reply = await call(plain.url, 'GET', '/admin/v1/plugins', { token: ADMIN_TOKEN });
      expect(reply.status).toBe(403);
      expect(errorBodySchema.parse(reply.body).error.message).toContain('ADMIN_TOKEN');
    } finally {
      await plain.close();
    }
  });

  it('lists the demo plugins without their secrets', async () => {
    const reply = await admin(url, 'GET', '/admin/v1/plugins');
    expect(reply.status).toBe(200);
    const plugins = adminPluginListSchema.parse(reply.body);
    expect(plugins.map((p) => p.clientId)).toContain('sandbox-plugin-coach');
    expect(JSON.stringify(reply.body)).not.toContain('clientSecret');
  });

  it('registers a plugin, grants API sets and orgs, sets addresses, and the plugin can then call the granted set', async () => {
    const orgs = adminOrgListSchema.parse((await admin(url, 'GET', '/admin/v1/orgs')).body);
    const org = orgs[0];
    if (!org) throw new Error('the sandbox has no org');

    const created = await admin(url, 'POST', '/admin/v1/plugins', { name: 'Readiness bot', environment: 'sandbox' });
    expect(created.status).toBe(201);
    const { plugin, clientSecret } = pluginWithSecretSchema.parse(created.body);
    expect(plugin.clientId.startsWith('sandbox-')).toBe(true);
    expect(plugin.permissions).toEqual([]);

    // Created but not yet enabled: the administrator has not switched record-data on.
    const before = await readRecords(plugin.clientId, clientSecret);
    expect(before.status).toBe(403);
    expect(errorBodySchema.parse(before.body).error.code).toBe('missing_permission');

    const granted = await admin(url, 'PUT', `/admin/v1/plugins/${plugin.clientId}/permissions`, {
      permissions: ['record-data', 'mission-planner'],
    });
    expect(adminPluginSchema.parse(granted.body).permissions).toEqual(['mission-planner', 'record-data']);
    const withOrg = await admin(url, 'PUT', `/admin/v1/plugins/${plugin.clientId}/orgs`, { orgIds: [org.orgId] });
    expect(adminPluginSchema.parse(withOrg.body).orgIds).toEqual([org.orgId]);
    const addressed = await admin(url, 'PUT', `/admin/v1/plugins/${plugin.clientId}/mission-planner`, {
      capabilitiesUrl: 'http://127.0.0.1:18399/capabilities',
      candidatesUrl: 'http://127.0.0.1:18399/candidates',
    });
    expect(adminPluginSchema.parse(addressed.body).candidatesUrl).toBe('http://127.0.0.1:18399/candidates');

    const after = await readRecords(plugin.clientId, clientSecret);
    expect(after.status).toBe(200);
  });

  it('rotating the secret stops the old one at once', async () => {
    const created = pluginWithSecretSchema.parse(
      (await admin(url, 'POST', '/admin/v1/plugins', { name: 'Rotated', environment: 'sandbox' })).body,
    );
    const id = created.plugin.clientId;
    await admin(url, 'PUT', `/admin/v1/plugins/${id}/permissions`, { permissions: ['record-data'] });
    const rotated = pluginWithSecretSchema.parse((await admin(url, 'POST', `/admin/v1/plugins/${id}/secret`)).body);
    expect(rotated.clientSecret).not.toBe(created.clientSecret);
    expect((await readRecords(id, created.clientSecret)).status).toBe(401);
    expect((await readRecords(id, rotated.clientSecret)).status).toBe(200);
  });

  it('refuses bad input with the one error body', async () => {
    const cases: [string, string, unknown, number, string][] = [
      ['POST', '/admin/v1/plugins', { name: '', environment: 'sandbox' }, 400, 'body.name'],
      ['POST', '/admin/v1/plugins', { name: 'x', environment: 'staging' }, 400, 'body.environment'],
      [
        'POST',
        '/admin/v1/plugins',
        { name: 'x', environment: 'production', clientId: 'sandbox-looks-wrong' },
        400,
        'body.clientId',
      ],
      // Without an environment the plugin is for the service's own (a sandbox here), so its id must say sandbox.
      ['POST', '/admin/v1/plugins', { name: 'x', clientId: 'looks-like-production' }, 400, 'body.clientId'],
      [
        'PUT',
        '/admin/v1/plugins/sandbox-plugin-coach/permissions',
        { permissions: ['everything'] },
        400,
        'body.permissions.0',
      ],
      [
        'PUT',
        '/admin/v1/plugins/sandbox-plugin-coach/mission-planner',
        { capabilitiesUrl: 'ftp://x', candidatesUrl: null },
        400,
        'body.capabilitiesUrl',
      ],
      [
        'PUT',
        '/admin/v1/plugins/sandbox-plugin-coach/orgs',
        { orgIds: ['org-that-does-not-exist'] },
        404,
        'body.orgIds',
      ],
    ];
    for (const [method, path, body, status, issuePath] of cases) {
      const reply = await admin(url, method, path, body);
      expect(reply.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
      const error = errorBodySchema.parse(reply.body).error;
      expect(error.issues?.map((i) => i.path)).toContain(issuePath);
    }
    const unknown = await admin(url, 'PUT', '/admin/v1/plugins/no-such-plugin/permissions', { permissions: [] });
    expect(unknown.status).toBe(404);
    const taken = await admin(url, 'POST', '/admin/v1/plugins', {
      name: 'Duplicate',
      environment: 'sandbox',
      clientId: 'sandbox-plugin-coach',
    });
    expect(taken.status).toBe(409);
    // Without an environment: registered for the service's own.
    const own = pluginWithSecretSchema.parse((await admin(url, 'POST', '/admin/v1/plugins', { name: 'Own' })).body);
    expect(own.plugin.environment).toBe('sandbox');
    expect(own.plugin.clientId.startsWith('sandbox-plugin-')).toBe(true);
    const malformed = await admin(url, 'POST', '/admin/v1/plugins', '{"name":');
    expect(errorBodySchema.parse(malformed.body).error.code).toBe('malformed_json');
  });
});
