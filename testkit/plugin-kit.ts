/**
 * Test support for the plugin side: registers plugins through the admin
 * routes (so each test chooses its plugin's orgs and API sets) and calls the
 * plugin endpoints with Basic credentials, all over real HTTP.
 */

import { basicHeader } from '../contract/basic-auth.ts';
import { pluginWithSecretSchema } from '../contract/plugin.ts';
import { sandboxClientsSchema } from '../contract/sandbox.ts';
import { call, type Reply } from './harness.ts';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

export interface TestPlugin {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly orgIds: readonly string[];
}

export const admin = (url: string, method: string, path: string, body?: unknown) =>
  call(url, method, path, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    ...(body !== undefined ? { body } : {}),
  });

/** Registers a sandbox plugin with exactly these API sets and orgs. */
export async function registerPlugin(
  url: string,
  name: string,
  permissions: readonly string[],
  orgIds: readonly string[],
): Promise<TestPlugin> {
  const created = await admin(url, 'POST', '/admin/v1/plugins', { name, environment: 'sandbox' });
  if (created.status !== 201) throw new Error(`registering ${name} failed: ${JSON.stringify(created.body)}`);
  const { plugin, clientSecret } = pluginWithSecretSchema.parse(created.body);
  const granted = await admin(url, 'PUT', `/admin/v1/plugins/${plugin.clientId}/permissions`, { permissions });
  if (granted.status !== 200) throw new Error(`granting failed: ${JSON.stringify(granted.body)}`);
  const orgs = await admin(url, 'PUT', `/admin/v1/plugins/${plugin.clientId}/orgs`, { orgIds });
  if (orgs.status !== 200) throw new Error(`org grant failed: ${JSON.stringify(orgs.body)}`);
  return { clientId: plugin.clientId, clientSecret, orgIds };
}

export function asPlugin(url: string, plugin: Pick<TestPlugin, 'clientId' | 'clientSecret'>) {
  const headers = { Authorization: basicHeader(plugin.clientId, plugin.clientSecret) };
  return {
    get: <T = unknown>(path: string): Promise<Reply<T>> => call<T>(url, 'GET', path, { headers }),
    post: <T = unknown>(path: string, body: unknown): Promise<Reply<T>> =>
      call<T>(url, 'POST', path, { headers, body }),
  };
}

/** The demo plugins of the seeded sandbox, with their credentials. */
export async function demoPlugins(url: string) {
  return sandboxClientsSchema.parse((await call(url, 'GET', '/sandbox/v1/clients')).body).plugins;
}
