/**
 * `npm start`: the platform service and, in the sandbox, the sample AI plugin
 * that answers its mission planner, each in its own process. Ctrl-C stops both.
 *
 * Built (`build/start.js`, what `npm start` runs) it starts the built
 * `build/main.js` and `build/plugin.js` with node; run from source
 * (`tsx scripts/start.ts`) it starts the TypeScript entries through tsx.
 * Settings come from the environment, after a `.env` file in the current
 * directory when there is one (the environment wins over the file).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnvFile } from './env-file.ts';
import { ProcessGroup } from './process-group.ts';

const here = dirname(fileURLToPath(import.meta.url));
const compiled = import.meta.url.endsWith('.js');

const envFile = loadEnvFile();
if (envFile) console.log(`Read settings from ${envFile}`);
const env = { ...process.env };

/** node's arguments for one program: the bundle beside this file, or the source through tsx. */
function program(bundle: string, source: string): string[] {
  return compiled ? [join(here, bundle)] : ['--import', import.meta.resolve('tsx'), join(here, '..', source)];
}

const group = new ProcessGroup(env);
group.run('The platform service', program('main.js', 'server/main.ts'));
if ((env.PLATFORM_ENV ?? 'sandbox') === 'sandbox' && env.START_PLUGIN !== '0') {
  // Optional: a second instance on the same machine finds the plugin's port taken, and serves on without it.
  group.run(
    'The sample plugin',
    program('plugin.js', 'plugin/main.ts'),
    { PLATFORM_URL: env.PLATFORM_URL ?? `http://127.0.0.1:${env.PORT ?? '8080'}` },
    true,
  );
}
