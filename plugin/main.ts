/**
 * Starts the sample AI plugin: `npm run plugin`. Settings come from the
 * environment (see config.ts and README.md); it logs as the service does
 * (JSON lines, logger.ts).
 */
import { serve } from '@hono/node-server';
import { createPluginApp } from './app.ts';
import { type PluginConfig, readPluginConfig } from './config.ts';
import { exitAfterLogs, logger } from './logger.ts';

function start(): void {
  let config: PluginConfig;
  try {
    config = readPluginConfig();
  } catch (error) {
    // A bad setting is always said, even with LOG_LEVEL=silent.
    logger.level = 'fatal';
    logger.fatal(error instanceof Error ? error.message : String(error));
    exitAfterLogs(2);
    return;
  }

  const server = serve(
    { fetch: createPluginApp(config).fetch, port: config.PLUGIN_PORT, hostname: config.PLUGIN_HOST },
    (info) => {
      logger.info(
        { clientId: config.PLUGIN_CLIENT_ID, platform: config.PLATFORM_URL },
        `Sample plugin on http://${config.PLUGIN_HOST}:${info.port}`,
      );
    },
  );

  const stop = () => {
    logger.info('Sample plugin stopping');
    server.close(() => exitAfterLogs(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

start();
