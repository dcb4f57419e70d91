/**
 * What the dashboard's build promises the first page: its stylesheet inlined
 * into index.html (no request blocks the first paint) and allowed by the
 * service's CSP by hash, and the sign-in page's chunks free of what only
 * signed-in pages use (the signed-in layout, the contract's schemas).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../testkit/child-service.ts';

interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly css?: readonly string[];
}
type Manifest = Record<string, ManifestChunk>;

const dir = mkdtempSync(join(tmpdir(), 'build-dashboard-'));
let html: string;
let manifest: Manifest;

beforeAll(async () => {
  const { build } = await import('vite');
  await build({
    root: repoRoot,
    configFile: join(repoRoot, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir: dir, emptyOutDir: true, manifest: true },
  });
  html = readFileSync(join(dir, 'index.html'), 'utf8');
  manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Manifest keys a chunk needs before it runs: itself and its static imports, transitively. */
function needs(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) needs(next, seen);
  return seen;
}

describe('the built dashboard', () => {
  it('inlines the entry stylesheet in index.html and links no stylesheet', () => {
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
    const cssFile = entry?.css?.[0];
    expect(cssFile).toBeDefined();
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    const inline = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(inline).toBe(readFileSync(join(dir, cssFile as string), 'utf8'));
  });

  it('is served with a CSP that allows exactly that inline style', async () => {
    const { startService } = await import('../testkit/harness.ts');
    const { createHash } = await import('node:crypto');
    const service = await startService({ env: { DASHBOARD_DIR: dir }, serveDashboard: true, seed: false });
    try {
      const response = await fetch(`${service.url}/sign-in`);
      const page = await response.text();
      const inline = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? '';
      const hash = createHash('sha256').update(inline).digest('base64');
      expect(response.headers.get('content-security-policy')).toContain(`style-src 'self' 'sha256-${hash}';`);
    } finally {
      await service.close();
    }
  });

  it('gives the sign-in page neither the signed-in layout nor the contract schemas (zod)', () => {
    const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry) as string;
    const signIn = needs('src/features/auth/sign-in-page.tsx', needs(entry));
    expect(signIn.has('src/app/signed-in-layout.tsx')).toBe(false);
    // The chunk files the page loads hold no zod: the contract's schemas load with signed-in pages only.
    for (const key of signIn) {
      const file = manifest[key]?.file as string;
      expect(readFileSync(join(dir, file), 'utf8'), file).not.toMatch(/ZodError|\$ZodType/);
    }
  });

  it('has no chunk that imports itself back: each runs after the chunks it uses', () => {
    // A cycle of chunks is run in the order a page happens to reach it, and a chunk then uses a schema or a
    // class another has not made yet: the class-activity reads in the shared chunk, which needed the notes'
    // chunk that needs the shared one, broke every signed-in page ("e is not a constructor").
    // Depth first, each chunk once: one still open when it is reached again closes a cycle.
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (key: string, path: readonly string[]) => {
      state.set(key, 'open');
      for (const next of manifest[key]?.imports ?? []) {
        if (state.get(next) === 'open')
          cycles.push([...path.slice(path.indexOf(next)), next].map((k) => manifest[k]?.file).join(' → '));
        else if (!state.has(next)) visit(next, [...path, next]);
      }
      state.set(key, 'done');
    };
    for (const key of Object.keys(manifest)) if (!state.has(key)) visit(key, [key]);
    expect(cycles).toEqual([]);
  });

  it('loads a signed-in page in a few files: the code the signed-in pages share comes in three', () => {
    const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry) as string;
    const layout = needs('src/app/signed-in-layout.tsx', needs(entry));
    const files = (page: string) => new Set([...needs(page, new Set(layout))].map((key) => manifest[key]?.file));
    // Each of them needs the entry's few, the layout, the shared chunks and its own: forty files before. The
    // shared code is three chunks, evaluated a task apart (src/app/shared-code.ts): the schemas of who is
    // signed in, the other schemas, and the rest.
    for (const page of [
      'src/features/comments/comments-page.tsx',
      'src/features/notes/notes-page.tsx',
      'src/app/student-record/student-record-page.tsx',
      'src/features/profile/profile-page.tsx',
    ]) {
      const loaded = files(page);
      expect(loaded.size, `${page}: ${[...loaded].join(', ')}`).toBeLessThanOrEqual(12);
      for (const shared of ['schemas-people', 'schemas', 'signed-in'])
        expect(
          [...loaded].some((file) => new RegExp(`^assets/${shared}-[\\w-]{8}\\.js$`).test(file ?? '')),
          `${page} loads ${shared}`,
        ).toBe(true);
    }
    // Code only some pages use comes in a chunk of its own, loaded (and its schemas built) by those pages: the
    // comments and profile pages hold none of the mission planner's, the notes' or the OAuth endpoints' schemas.
    const text = (page: string) =>
      [...files(page)].map((file) => readFileSync(join(dir, file as string), 'utf8')).join('');
    const areas = { planner: 'superintendent', notes: 'Another spelling of lessonId', oauth: 'authorization_code' };
    for (const page of ['src/features/comments/comments-page.tsx', 'src/features/profile/profile-page.tsx']) {
      const code = text(page);
      for (const [area, mark] of Object.entries(areas))
        expect(code.includes(mark), `${page} holds ${area}`).toBe(false);
    }
    expect(text('src/features/mission-planner/mission-planner-page.tsx')).toContain(areas.planner);
    expect(text('src/features/notes/notes-page.tsx')).toContain(areas.notes);
    expect(text('src/features/auth/api/platform-sign-in.ts')).toContain(areas.oauth);
    // The first page never loads that shared chunk.
    const signIn = [...needs('src/features/auth/sign-in-page.tsx', needs(entry))].map((key) => manifest[key]?.file);
    expect(signIn.filter((file) => /assets\/signed-in-[\w-]+\.js$/.test(file ?? ''))).toEqual([]);
  });

  it('sends each page with links that fetch its code alongside the entry, and the first page none of the signed-in code', async () => {
    const { startService } = await import('../testkit/harness.ts');
    const { readRoutes } = await import('./page-routes.ts');
    const service = await startService({ env: { DASHBOARD_DIR: dir }, serveDashboard: true, seed: false });
    const linked = async (path: string) => {
      const page = await (await fetch(`${service.url}${path}`)).text();
      // Every script and preload at low fetch priority, the page's own and the entry's: none holds the
      // static first paint (lowPriorityScripts in vite.config.ts).
      const tags = [
        ...page.matchAll(/<(?:script type="module"|link rel="(?:modulepreload|preload" as="style)")[^>]*>/g),
      ];
      expect(tags.length, path).toBeGreaterThan(1);
      expect(
        tags.map((tag) => tag[0]).filter((tag) => !tag.includes(' fetchpriority="low"')),
        path,
      ).toEqual([]);
      const links =
        /<link rel="(?:modulepreload|preload" as="style)" crossorigin fetchpriority="low" href="\/([^"]+)">/g;
      return new Set([...page.matchAll(links)].map((m) => m[1]));
    };
    const file = (key: string) => manifest[key]?.file as string;
    const sharedChunk = (files: Set<string | undefined>) =>
      [...files].some((name) => /^assets\/signed-in-[\w-]+\.js$/.test(name ?? ''));
    try {
      const { pages } = readRoutes(repoRoot);
      for (const route of pages) {
        const path = `/${route.path.replace(/:\w+/g, 'x-1')}`;
        const files = await linked(path);
        // The page's own chunk, its prefetch, and for a signed-in page the layout and the code pages share.
        expect(files.has(file(route.module)), path).toBe(true);
        if (route.prefetch) expect(files.has(file(route.prefetch)), path).toBe(true);
        if (route.signedIn) {
          expect(files.has(file('src/app/signed-in-layout.tsx')), path).toBe(true);
          expect(sharedChunk(files), path).toBe(true);
        }
      }
      // Each only its own page, as the router picks it: `/notes/new` is the new-note page, not a note.
      expect((await linked('/notes/new')).has(file('src/features/notes/note-page.tsx'))).toBe(false);
      expect((await linked('/notes/n-1')).has(file('src/features/notes/new-note-page.tsx'))).toBe(false);
      // A signed-in page's styles come early too; an address no page has gets the signed-in layout's code only.
      const layoutCss = manifest['src/app/signed-in-layout.tsx']?.css?.[0];
      expect(layoutCss).toBeDefined();
      expect((await linked('/comments')).has(layoutCss)).toBe(true);
      const unknown = await linked('/no-such-page');
      expect(unknown.has(file('src/app/signed-in-layout.tsx'))).toBe(true);
      expect(pages.filter((route) => unknown.has(file(route.module))).map((route) => route.path)).toEqual([]);
      // A first visit (`/`, signed out) goes on to sign in: it fetches that page early, nothing signed-in.
      for (const path of ['/', '/sign-in']) {
        const files = await linked(path);
        expect(files.has(file('src/features/auth/sign-in-page.tsx')), path).toBe(true);
        expect(sharedChunk(files), path).toBe(false);
        expect(files.has(file('src/app/signed-in-layout.tsx')), path).toBe(false);
      }
    } finally {
      await service.close();
    }
  });
});
