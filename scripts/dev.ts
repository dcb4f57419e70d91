/**
 * `npm run dev`: the service (restarted by tsx when its files change), the
 * sample plugin in the sandbox, and Vite's hot-reloading dashboard, which
 * proxies the API to the service (vite.config.ts). One Ctrl-C stops all of
 * them. Settings come from the environment after `.env`, as for `npm start`.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnvFile } from './env-file.ts';
import { ProcessGroup } from './process-group.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const tsx = fileURLToPath(import.meta.resolve('tsx/cli'));
const vite = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');

const envFile = loadEnvFile();
if (envFile) console.log(`Read settings from ${envFile}`);
const env = { ...process.env };
const port = env.PORT ?? '8080';

const group = new ProcessGroup(env);
group.run('The platform service', [tsx, 'watch', '--clear-screen=false', join(root, 'server/main.ts')]);
if ((env.PLATFORM_ENV ?? 'sandbox') === 'sandbox' && env.START_PLUGIN !== '0') {
  group.run('The sample plugin', [tsx, 'watch', '--clear-screen=false', join(root, 'plugin/main.ts')], {
    PLATFORM_URL: env.PLATFORM_URL ?? `http://127.0.0.1:${port}`,
  });
}
group.run('Vite', [vite, '--clearScreen', 'false'], { PORT: port });
