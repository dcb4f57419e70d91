/** The sample plugin's defaults name the demo's coach plugin, so `npm start` pairs the two with no settings. */
import { describe, expect, it } from 'vitest';
import { readPluginConfig } from '../plugin/config.ts';
import { demoIds } from './demo-ids.ts';

describe('the sample plugin against the demo sandbox', () => {
  it('presents the coach plugin’s credentials and listens where the demo sends mission planner calls', () => {
    const config = readPluginConfig({});
    expect({ clientId: config.PLUGIN_CLIENT_ID, clientSecret: config.PLUGIN_CLIENT_SECRET }).toEqual(
      demoIds.plugins.coach,
    );
    const listening = `http://${config.PLUGIN_HOST}:${config.PLUGIN_PORT}`;
    expect(demoIds.pluginUrls).toEqual({
      capabilities: `${listening}/capabilities`,
      candidates: `${listening}/candidates`,
    });
  });
});
