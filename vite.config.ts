/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The first page's stylesheet goes into index.html as a `<style>` element, so the first paint waits for
 * no CSS request (Lighthouse's render-blocking resource). The service allows it by its sha256 in the
 * page's CSP (server/areas/dashboard), never by 'unsafe-inline'. The CSS file stays in the build for
 * the manifest; nothing links it. Build only: the dev server injects CSS through its own client.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') return link;
          const css = String(asset.source);
          // A stylesheet that could end the element early is left as a link.
          if (/<\/style/i.test(css)) return link;
          return `<style>${css}</style>`;
        });
      },
    },
  };
}

// The service (server/) serves the built dashboard; in `npm run dev` Vite
// proxies the API to the service that command starts beside it (on PORT).
const api = `http://127.0.0.1:${process.env.PORT || 8080}`;

export default defineConfig({
  plugins: [react(), inlineEntryCss()],
  build: { target: 'es2022', sourcemap: false, modulePreload: { polyfill: false } },
  server: {
    proxy: Object.fromEntries(
      [
        '/edu',
        '/user',
        '/plugin',
        '/sandbox',
        // Not /auth itself: /auth/callback is the dashboard's own page.
        '/auth/v1',
        '/admin',
        '/mission-planner',
        '/oauth',
        '/config.json',
        '/openapi.json',
        '/docs',
      ].map((prefix) => [prefix, api]),
    ),
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'service',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'sandbox/**/*.test.ts',
            'testkit/**/*.test.ts',
            'contract/**/*.test.ts',
            'plugin/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          testTimeout: 20000,
          // The in-process services log only what goes wrong; the child processes tests start get their own env.
          env: { LOG_LEVEL: 'warn' },
        },
      },
      {
        extends: true,
        test: {
          // The same service tests again, on a throwaway PostgreSQL server (testkit/postgres-setup.ts).
          name: 'service-postgres',
          environment: 'node',
          include: ['server/**/*.test.ts', 'sandbox/**/*.test.ts'],
          globalSetup: ['testkit/postgres-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          env: { LOG_LEVEL: 'warn' },
        },
      },
      {
        extends: true,
        test: {
          name: 'dashboard',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          // jsdom renders of long lists take seconds on a busy 2-core machine.
          testTimeout: 15000,
        },
      },
    ],
  },
});
