/**
 * Builds the dashboard (the repo's own Vite config) and the floor app into
 * temporary directories with Vite's JS API, leaving `dist/` alone, and reads
 * the Vite manifest to tell which files each route downloads.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type InlineConfig } from 'vite';

export const repoRoot = resolve(import.meta.dirname, '../..');

const made: string[] = [];
/** A temp dir removed by `removeBuilds()` at the end of the run. */
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
export function removeBuilds(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface Built {
  readonly dir: string;
  readonly manifest: Manifest;
  /** Bytes of each source module rendered into each output file (minified, before gzip). */
  readonly modules: Map<string, Map<string, number>>;
  /** gzip -9 size of a built file (path relative to `dir`). */
  gzipSize(file: string): number;
}

type BuildResult = Awaited<ReturnType<typeof build>>;

function modulesOf(result: BuildResult): Map<string, Map<string, number>> {
  const byFile = new Map<string, Map<string, number>>();
  const outputs = Array.isArray(result) ? result : 'output' in result ? [result] : [];
  for (const out of outputs) {
    for (const chunk of out.output) {
      if (chunk.type !== 'chunk') continue;
      const modules = new Map<string, number>();
      for (const [id, info] of Object.entries(chunk.modules)) modules.set(id, info.renderedLength);
      byFile.set(chunk.fileName, modules);
    }
  }
  return byFile;
}

function load(dir: string, modules: Map<string, Map<string, number>>): Built {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const sizes = new Map<string, number>();
  return {
    dir,
    manifest,
    modules,
    gzipSize(file) {
      let size = sizes.get(file);
      if (size === undefined) {
        size = gzipSync(readFileSync(join(dir, file)), { level: 9 }).byteLength;
        sizes.set(file, size);
      }
      return size;
    },
  };
}

let dashboard: Promise<Built> | undefined;

/** The dashboard built once per bench run (the bundle and page-speed benchmarks share it). */
export function buildDashboard(): Promise<Built> {
  dashboard ??= buildDashboardAt(repoRoot);
  return dashboard;
}

/** The dashboard of the checkout at `root` (another revision's worktree), built with that checkout's Vite config. */
export async function buildDashboardAt(root: string): Promise<Built> {
  const outDir = tempDir('bench-dashboard-');
  const result = await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  return load(outDir, modulesOf(result));
}

/**
 * The dashboard's build settings that matter to its bytes (vite.config.ts: the react plugin, the target, no
 * preload polyfill), for a build without that config: the floor, and the `bound` benchmark's one-file builds.
 */
export async function standaloneSettings() {
  const react = (await import('@vitejs/plugin-react')).default;
  return {
    configFile: false as const,
    logLevel: 'warn' as const,
    plugins: [react()],
    build: { target: 'es2022', modulePreload: { polyfill: false } },
  } satisfies InlineConfig;
}

/** react + react-dom + react-router-dom + @tanstack/react-query alone, with the dashboard's build settings. */
export async function buildFloor(): Promise<Built> {
  const outDir = tempDir('bench-floor-');
  const settings = await standaloneSettings();
  const result = await build({
    ...settings,
    root: join(repoRoot, 'bench', 'floor'),
    build: { ...settings.build, outDir, emptyOutDir: true, manifest: true },
  });
  return load(outDir, modulesOf(result));
}

/** Every JS and CSS file a chunk needs before it runs: itself, its static imports, their CSS. */
export function closure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the Vite manifest has no chunk "${key}"`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return files;
}

export function entryKey(manifest: Manifest): string {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error('the Vite manifest has no entry');
  return entry[0];
}

export function sizeOf(built: Built, files: Iterable<string>): { js: number; css: number } {
  let js = 0;
  let css = 0;
  for (const file of files) {
    if (file.endsWith('.css')) css += built.gzipSize(file);
    else if (file.endsWith('.js')) js += built.gzipSize(file);
  }
  return { js, css };
}

/** Which package (or "app code") a module id belongs to. */
export function packageOf(id: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (match?.[1]) return match[1];
  if (id.includes(`${repoRoot}/contract/`)) return 'app: contract/';
  if (id.includes(`${repoRoot}/src/`)) return 'app: src/';
  return id.startsWith('\0') ? 'bundler helpers' : 'other';
}

/** Minified bytes per package across some output files. */
export function byPackage(built: Built, files: Iterable<string>): Map<string, number> {
  const totals = new Map<string, number>();
  for (const file of files) {
    for (const [id, length] of built.modules.get(file) ?? []) {
      const name = packageOf(id);
      totals.set(name, (totals.get(name) ?? 0) + length);
    }
  }
  return totals;
}
