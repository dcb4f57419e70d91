/**
 * Searches waiting on plugins have their own bound (PLUGIN_MAX_IN_FLIGHT),
 * over real HTTP: with plugins that never answer, the searches beyond it are
 * refused at once with 503 `overloaded` and `Retry-After`, while the rest of
 * the service keeps answering and stays ready.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/common.ts';
import { plannerCapabilitiesResponseSchema } from '../../../contract/mission-planner.ts';
import { call, signIn, startService, type TestService } from '../../../testkit/harness.ts';
import { ADMIN_TOKEN, admin } from '../../../testkit/plugin-kit.ts';
import { pluginWaitBound, readSettings } from '../../config.ts';

let service: TestService | undefined;
let plugin: Server | undefined;
afterEach(async () => {
  plugin?.closeAllConnections();
  plugin?.close();
  plugin = undefined;
  await service?.close();
  service = undefined;
});

/** A plugin that takes every search and answers none until released. */
async function hangingPlugin() {
  const held: ServerResponse[] = [];
  plugin = createServer((_request, response) => {
    held.push(response);
  });
  const server = plugin;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrived: () => held.length,
    release: () => {
      for (const response of held.splice(0)) response.writeHead(500).end();
    },
  };
}

async function until(done: () => boolean, what: string) {
  for (let attempt = 0; attempt < 500 && !done(); attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!done()) throw new Error(`never: ${what}`);
}

describe('searches waiting on plugins', () => {
  it('are bounded: beyond the bound a search is refused at once, and other routes keep answering', async () => {
    // Without the plugins' own bound, three hung searches would take every slot of MAX_IN_FLIGHT.
    service = await startService({
      env: { ADMIN_TOKEN, MAX_IN_FLIGHT: '3', PLUGIN_MAX_IN_FLIGHT: '2', PLUGIN_TIMEOUT_MS: '15000' },
    });
    const { url } = service;
    const hung = await hangingPlugin();
    const addresses = await admin(url, 'PUT', '/admin/v1/plugins/sandbox-plugin-coach/mission-planner', {
      capabilitiesUrl: `${hung.url}/capabilities`,
      candidatesUrl: `${hung.url}/candidates`,
    });
    expect(addresses.status).toBe(200);
    const token = await signIn(url, 'usr-d01');
    const search = () =>
      call(url, 'POST', '/mission-planner/v1/capabilities', {
        token,
        body: {
          positions: [
            { title: 'Shift lead', knowledgeLevel: 'journeyman', afsc: '3D0X2', count: 1, exactMatch: false },
          ],
          pluginIds: ['sandbox-plugin-coach'],
        },
      });

    const waiting = [search(), search()];
    await until(() => hung.arrived() === 2, 'two searches reached the plugin');
    const started = performance.now();
    const refused = await search();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(errorBodySchema.parse(refused.body).error.code).toBe('overloaded');
    // Refused before any plugin was called.
    expect(hung.arrived()).toBe(2);

    for (let i = 0; i < 3; i++) {
      expect((await call(url, 'GET', '/user/v1/my/profile', { token })).status).toBe(200);
      expect((await call(url, 'GET', '/mission-planner/v1/plugins', { token })).status).toBe(200);
    }
    expect((await call(url, 'GET', '/readyz')).status).toBe(200);

    hung.release();
    for (const reply of await Promise.all(waiting)) {
      expect(reply.status).toBe(200);
      const [result] = plannerCapabilitiesResponseSchema.parse(reply.body).results;
      expect(result?.status).toBe('failed');
    }
    // The bound is free again.
    const next = search();
    await until(() => hung.arrived() === 1, 'a new search reached the plugin');
    hung.release();
    expect((await next).status).toBe(200);
  });
});

describe('the bound on searches waiting on plugins', () => {
  it('is a quarter of MAX_IN_FLIGHT unless set, and at most MAX_IN_FLIGHT', () => {
    expect(pluginWaitBound(readSettings({}))).toBe(64);
    expect(pluginWaitBound(readSettings({ MAX_IN_FLIGHT: '16' }))).toBe(4);
    expect(pluginWaitBound(readSettings({ MAX_IN_FLIGHT: '2' }))).toBe(1);
    expect(pluginWaitBound(readSettings({ MAX_IN_FLIGHT: '16', PLUGIN_MAX_IN_FLIGHT: '10' }))).toBe(10);
    expect(() => readSettings({ MAX_IN_FLIGHT: '16', PLUGIN_MAX_IN_FLIGHT: '17' })).toThrow(
      /PLUGIN_MAX_IN_FLIGHT: must be at most MAX_IN_FLIGHT \(16\)/,
    );
    expect(() => readSettings({ PLUGIN_MAX_IN_FLIGHT: '0' })).toThrow(/PLUGIN_MAX_IN_FLIGHT:/);
  });
});
