/**
 * The layout's arrows (docs/architecture.md) are held by `noRestrictedImports`
 * overrides in biome.json. These tests prove the rules bite: each forbidden
 * import, written into a probe file at the place it would be added, is an
 * error; each import the layout allows is not. The probes are linted with the
 * project's own biome.json in a scratch folder, so the checkout is never
 * touched.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../testkit/child-service.ts';

interface Probe {
  readonly file: string;
  readonly from: string;
  /** Written as `import type`: an arrow that vanishes from the build is still an arrow. */
  readonly typeOnly?: boolean;
}

const forbidden: Probe[] = [
  { file: 'contract/probe.ts', from: '../server/app.ts' },
  { file: 'contract/probe.ts', from: 'hono' },
  { file: 'server/areas/comments/probe.ts', from: '../notes/notes.repo.ts' },
  { file: 'server/areas/comments/probe.ts', from: '../../app.ts' },
  { file: 'server/areas/comments/probe.ts', from: '../../../sandbox/demo.ts' },
  { file: 'server/http/probe.ts', from: '../areas/comments/comments.routes.ts' },
  { file: 'server/data/probe.ts', from: '../http/route.ts' },
  { file: 'server/data/probe.ts', from: '../access/authenticator.ts' },
  { file: 'server/access/probe.ts', from: '../areas/profile/users.repo.ts' },
  { file: 'server/access/probe.ts', from: '../http/route.ts' },
  { file: 'server/access/probe.ts', from: '../http/route.ts', typeOnly: true },
  { file: 'server/deps.ts', from: './http/route.ts', typeOnly: true },
  { file: 'server/cache/probe.ts', from: '../access/authenticator.ts' },
  { file: 'server/probe.ts', from: '../sandbox/demo.ts' },
  { file: 'server/probe.ts', from: '../src/main.tsx' },
  { file: 'server/probe.ts', from: '../testkit/harness.ts' },
  { file: 'sandbox/probe.ts', from: '../server/areas/comments/comments.repo.ts' },
  { file: 'sandbox/probe.ts', from: '../testkit/harness.ts' },
  { file: 'src/features/comments/probe.tsx', from: '../notes/components/note-form' },
  { file: 'src/features/comments/components/probe.tsx', from: '../../notes/api/note-queries' },
  { file: 'src/features/comments/components/probe.tsx', from: '../../../app/router' },
  { file: 'src/lib/api/probe.ts', from: '../../features/comments/api/comment-queries' },
  { file: 'src/components/probe.tsx', from: '../app/query-client' },
  { file: 'src/app/probe.tsx', from: '../../server/app.ts' },
  { file: 'plugin/probe.ts', from: '../server/logger.ts' },
  { file: 'plugin/probe.ts', from: '../sandbox/demo-ids.ts' },
  { file: 'bench/probe.ts', from: '../server/app.ts' },
  { file: 'bench/probe.ts', from: '../src/lib/api/paging.ts' },
  { file: 'e2e/probe.ts', from: '../server/app.ts' },
];

const allowed: Probe[] = [
  { file: 'contract/endpoints/probe.ts', from: '../common.ts' },
  { file: 'contract/probe.ts', from: 'zod/mini' },
  { file: 'server/areas/comments/probe.ts', from: '../../access/read-rule.ts' },
  { file: 'server/areas/comments/probe.ts', from: './comments.repo.ts' },
  { file: 'server/areas/comments/probe.ts', from: '../../../contract/comments.ts' },
  { file: 'server/http/probe.ts', from: '../access/authenticator.ts' },
  { file: 'server/access/probe.ts', from: '../deps.ts', typeOnly: true },
  { file: 'server/main.ts', from: '../sandbox/seed.ts' },
  { file: 'sandbox/probe.ts', from: '../server/data/database.ts' },
  { file: 'src/app/probe.tsx', from: '../features/comments/comments-page' },
  { file: 'src/features/comments/components/probe.tsx', from: '../api/comment-queries' },
  { file: 'src/features/comments/components/probe.tsx', from: '../../../lib/api/client' },
  { file: 'src/features/comments/components/probe.tsx', from: '../../../components/states' },
  { file: 'bench/probe.ts', from: '../testkit/child-service.ts' },
  { file: 'e2e/probe.ts', from: '../sandbox/demo-ids.ts' },
];

interface Diagnostic {
  readonly category: string;
  readonly location: { readonly path: string };
}

let scratch: string;

/**
 * The probe's file in the scratch folder: one import per file, each file named
 * apart, but for a file a rule names itself (server/main.ts, server/deps.ts),
 * which is probed once.
 */
const probeFile = (probe: Probe, i: number) =>
  probe.file.includes('probe') ? probe.file.replace(/(\.tsx?)$/, `-${i}$1`) : probe.file;

/** Lints every probe with the project's rules; answers how many boundary errors each probe's file got. */
function boundaryErrors(probes: readonly Probe[]): number[] {
  probes.forEach((probe, i) => {
    const file = join(scratch, probeFile(probe, i));
    mkdirSync(dirname(file), { recursive: true });
    const text = probe.typeOnly
      ? `import type { probe } from '${probe.from}';\n\nexport type Used = typeof probe;\n`
      : `import { probe } from '${probe.from}';\n\nexport const used = probe;\n`;
    writeFileSync(file, text);
  });
  let out: string;
  try {
    out = execFileSync(join(repoRoot, 'node_modules/.bin/biome'), ['lint', '--reporter=json', '.'], {
      cwd: scratch,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    // Biome exits 1 when it finds errors; the report is still on stdout.
    out = String((error as { stdout?: string }).stdout ?? '');
  }
  const report = JSON.parse(out) as { diagnostics: Diagnostic[] };
  const counts = new Map<string, number>();
  for (const d of report.diagnostics) {
    if (d.category !== 'lint/style/noRestrictedImports') continue;
    counts.set(d.location.path, (counts.get(d.location.path) ?? 0) + 1);
  }
  return probes.map((probe, i) => counts.get(probeFile(probe, i)) ?? 0);
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'boundaries-'));
  const config = JSON.parse(readFileSync(join(repoRoot, 'biome.json'), 'utf8')) as Record<string, unknown>;
  // The scratch folder is no git checkout: lint every file in it.
  delete config.$schema;
  config.vcs = { enabled: false };
  config.files = { includes: ['**'] };
  writeFileSync(join(scratch, 'biome.json'), JSON.stringify(config));
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the import boundaries in biome.json', () => {
  it('refuse every import that crosses a boundary, and allow the ones the layout draws', () => {
    const errors = boundaryErrors([...forbidden, ...allowed]);
    const refused = forbidden.filter((_, i) => errors[i] === 0);
    const wronglyRefused = allowed.filter((_, i) => (errors[forbidden.length + i] ?? 0) > 0);
    expect(refused, 'forbidden imports that lint let through').toEqual([]);
    expect(wronglyRefused, 'allowed imports that lint refused').toEqual([]);
  }, 60_000);

  it('name every dashboard feature, so a new feature cannot import another unnoticed', () => {
    const config = readFileSync(join(repoRoot, 'biome.json'), 'utf8');
    const listed = /\{([a-z,-]+)\}\/\*\*/.exec(config)?.[1]?.split(',') ?? [];
    const features = readdirSync(join(repoRoot, 'src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect([...listed].sort()).toEqual(features);
  });
});
