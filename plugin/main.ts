/**
 * Starts the sample AI plugin: `npm run plugin`. Settings come from the
 * environment (see config.ts and README.md).
 */
import { serve } from '@hono/node-server';
import { createPluginApp } from './app.ts';
import { type PluginConfig, readPluginConfig } from './config.ts';

let config: PluginConfig;
try {
  config = readPluginConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}

const server = serve(
  { fetch: createPluginApp(config).fetch, port: config.PLUGIN_PORT, hostname: config.PLUGIN_HOST },
  (info) => {
    console.log(`Sample plugin "${config.PLUGIN_CLIENT_ID}" on http://${config.PLUGIN_HOST}:${info.port}`);
    console.log(`  reads the platform at ${config.PLATFORM_URL}`);
  },
);

const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
