/**
 * The provisioning command (`npm run admin`) as an operator runs it, against
 * a production service started on an empty database, over real HTTP
 * (`--url`, with ADMIN_TOKEN): people and classes imported from a file (in
 * parts when it is larger than one request may be), a plugin registered with
 * its secret shown once, and the secret rotated. The in-process mode, on the
 * database itself, is exercised by server/hardening/production.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicHeader } from '../contract/basic-auth.ts';
import type { PeopleImportBody } from '../contract/people-import.ts';
import { learningRecordListSchema } from '../contract/plugin.ts';
import { type ChildService, freePort, repoRoot, spawnNode, startChildService } from '../testkit/child-service.ts';
import { type ChildDatabase, databaseForChild } from '../testkit/engine.ts';
import { call } from '../testkit/harness.ts';
import { authorize, openPasswordPage, submitPasswordForm } from '../testkit/oauth.ts';
import { ADMIN_TOKEN } from '../testkit/plugin-kit.ts';

const dir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
let database: ChildDatabase;
let service: ChildService;

beforeAll(async () => {
  database = await databaseForChild(dir, { empty: true });
  service = await startChildService({
    port: await freePort(18540, 18549),
    env: {
      ...database.env,
      PLATFORM_ENV: 'production',
      SECRETS_KEY: 'admin-cli-test-secrets-key-0123456789abcdef',
      ADMIN_TOKEN,
    },
    readyTimeoutMs: 45_000,
  });
}, 60_000);
afterAll(async () => {
  await service?.stop();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function admin(args: readonly string[], env: Record<string, string> = { ADMIN_TOKEN }) {
  // Run from an empty directory, so no .env of the checkout adds settings.
  const run = spawnNode(
    ['--import', import.meta.resolve('tsx'), join(repoRoot, 'server/admin-cli.ts'), '--url', service.url, ...args],
    {
      env,
      cwd: dir,
    },
  );
  const code = await run.exited;
  return { code, output: run.output() };
}

const wing = (students: number): PeopleImportBody => ({
  orgs: [{ orgId: 'org-9aw', name: '9th Air Wing' }],
  users: [
    {
      userId: 'usr-lead',
      handle: '@lead',
      firstName: 'Lee',
      lastName: 'Lead',
      userType: 'adult',
      accountType: 'Adult',
      country: 'US',
      orgId: 'org-9aw',
    },
    ...Array.from({ length: students }, (_, i) => ({
      userId: `usr-airman-${i}`,
      handle: `@airman.${i}`,
      firstName: 'Airman',
      lastName: `Number ${i}`,
      userType: 'adult',
      accountType: 'Adult',
      country: 'US',
      orgId: 'org-9aw',
      afsc: '2A3X3',
      displayDutyTitle: 'Crew chief',
      education: 'High school',
    })),
  ],
  courses: [
    {
      courseId: 'crs-crew',
      name: 'Crew chief',
      version: '1',
      orgId: 'org-9aw',
      lessons: [{ lessonId: 'les-crew-1', name: 'Walkaround' }],
    },
  ],
  classes: [
    {
      classId: 'cls-crew-26a',
      name: 'Crew chief 26-A',
      courseId: 'crs-crew',
      trainers: ['usr-lead'],
      students: Array.from({ length: students }, (_, i) => ({
        studentId: `stu-airman-${i}`,
        userId: `usr-airman-${i}`,
      })),
    },
  ],
});

const secretIn = (output: string, clientId: string) => {
  const secret = new RegExp(`Client secret of ${clientId} \\(shown this once[^\\n]*\\n\\s+(\\S+)`).exec(output)?.[1];
  if (!secret) throw new Error(`no secret of ${clientId} in:\n${output}`);
  return secret;
};

describe('npm run admin -- … --url (over HTTP, with ADMIN_TOKEN)', () => {
  let clientId = '';
  let secret = '';
  let appId = '';

  it('imports a file larger than one request in parts, and the same file again changes nothing', async () => {
    const file = join(dir, 'people.json');
    const body = wing(1500);
    writeFileSync(file, JSON.stringify(body));
    expect(JSON.stringify(body).length).toBeGreaterThan(64 * 1024);
    const first = await admin(['import', '--file', file]);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toMatch(
      /Imported 1 orgs, 1501 users, 1 courses, 1 lessons, \d+ classes, \d+ trainers, 1500 students, 0 friendships in \d+ parts\./,
    );
    const again = await admin(['import', '--file', file]);
    expect(again.code, again.output).toBe(0);

    const db = await database.open();
    try {
      const { rows } = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM students`.execute(db.q);
      expect(Number(rows[0]?.n)).toBe(1500);
    } finally {
      await db.close();
    }
    const orgs = await admin(['orgs']);
    expect(orgs.output).toContain('org-9aw  9th Air Wing');
  });

  it('registers a plugin, shows its secret once, and the secret opens what was granted', async () => {
    const added = await admin([
      'plugin',
      'add',
      '--name',
      'Readiness analytics',
      '--api-sets',
      'record-data,mission-planner',
      '--orgs',
      'org-9aw',
      '--capabilities-url',
      'https://plugin.example/capabilities',
      '--candidates-url',
      'https://plugin.example/candidates',
    ]);
    expect(added.code, added.output).toBe(0);
    clientId = /Client secret of (\S+) /.exec(added.output)?.[1] ?? '';
    expect(clientId).toMatch(/^plugin-/);
    secret = secretIn(added.output, clientId);
    expect(added.output).toContain('API sets: mission-planner, record-data');
    expect(added.output).toContain(
      'mission planner: https://plugin.example/capabilities, https://plugin.example/candidates',
    );

    const records = await call(service.url, 'GET', '/plugin/v2/ai/record-data', {
      headers: { Authorization: basicHeader(clientId, secret) },
    });
    expect(records.status).toBe(200);
    expect(learningRecordListSchema.parse(records.body)).toHaveLength(1500);

    const listed = await admin(['plugin', 'list']);
    expect(listed.output).toContain(clientId);
    expect(listed.output).not.toContain(secret);
    // Stored hashed and sealed, never as it is.
    const db = await database.open();
    try {
      const { rows } = await sql`SELECT * FROM plugins WHERE client_id = ${clientId}`.execute(db.q);
      expect(JSON.stringify(rows)).not.toContain(secret);
    } finally {
      await db.close();
    }
  });

  it('refuses a bad address or org before it makes anything: no secret printed, no plugin left', async () => {
    for (const [flags, message] of [
      [
        ['--capabilities-url', 'https://169.254.169.254/latest', '--candidates-url', 'https://plugin.example/c'],
        'body.addresses.capabilitiesUrl: must not point at',
      ],
      [
        ['--capabilities-url', 'http://plugin.example/a', '--candidates-url', 'https://plugin.example/c'],
        'body.addresses.capabilitiesUrl: must be an https:// address',
      ],
      [['--orgs', 'org-nowhere'], 'body.orgIds: names orgs that do not exist'],
    ] as const) {
      const refused = await admin(['plugin', 'add', '--name', 'Half made', '--api-sets', 'record-data', ...flags]);
      expect(refused.code, refused.output).toBe(1);
      expect(refused.output).toContain(message);
      expect(refused.output).not.toMatch(/Client secret/);
    }
    const db = await database.open();
    try {
      const { rows } = await sql`SELECT client_id FROM plugins WHERE name = ${'Half made'}`.execute(db.q);
      expect(rows).toEqual([]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('rotates the secret: the new one works, the old one no longer', async () => {
    const rotated = await admin(['plugin', 'rotate-secret', clientId]);
    expect(rotated.code, rotated.output).toBe(0);
    const renewed = secretIn(rotated.output, clientId);
    expect(renewed).not.toBe(secret);
    const read = (s: string) =>
      call(service.url, 'GET', '/plugin/v2/ai/record-data', { headers: { Authorization: basicHeader(clientId, s) } });
    expect((await read(secret)).status).toBe(401);
    expect((await read(renewed)).status).toBe(200);
  });

  it('registers an app with its exact redirect URIs, prints a confidential secret once, and rotates it', async () => {
    const added = await admin([
      'app',
      'add',
      '--name',
      'Flight line dashboard',
      '--environment',
      'production',
      '--redirect-uris',
      'https://dash.example/auth/callback',
      '--training',
      '--confidential',
    ]);
    expect(added.code, added.output).toBe(0);
    appId = /Client secret of (\S+) /.exec(added.output)?.[1] ?? '';
    const appSecret = secretIn(added.output, appId);
    expect(added.output).toContain('scopes: training');
    expect(added.output).toContain('redirect URIs: https://dash.example/auth/callback');
    // The platform's sign-in page serves the registered address and refuses any other.
    const signin = (redirectUri: string) =>
      call(
        service.url,
        'GET',
        `/oauth/signin?client_id=${appId}&response_type=code&state=s&redirect_uri=${encodeURIComponent(redirectUri)}`,
      );
    expect((await signin('https://dash.example/auth/callback')).status).toBe(200);
    expect((await signin('https://dash.example/auth/other')).status).toBe(400);

    const moved = await admin(['app', 'set-redirect-uris', appId, 'https://dash.example/auth/other']);
    expect(moved.code, moved.output).toBe(0);
    expect((await signin('https://dash.example/auth/other')).status).toBe(200);
    expect((await signin('https://dash.example/auth/callback')).status).toBe(400);

    const rotated = await admin(['app', 'rotate-secret', appId]);
    expect(rotated.code, rotated.output).toBe(0);
    expect(secretIn(rotated.output, appId)).not.toBe(appSecret);
    const listed = await admin(['app', 'list']);
    expect(listed.output).toContain(appId);
    const db = await database.open();
    try {
      const { rows } = await sql`SELECT * FROM apps WHERE client_id = ${appId}`.execute(db.q);
      expect(JSON.stringify(rows)).not.toContain(appSecret);
    } finally {
      await db.close();
    }
  });

  it('invites a person with a link on --url; a reset ends the older link; the link sets a password once', async () => {
    const linkIn = (output: string) => {
      const link = new RegExp(`${service.url}/oauth/password\\?token=[A-Za-z0-9_-]{43}`).exec(output)?.[0];
      if (!link) throw new Error(`no link in:\n${output}`);
      return link;
    };
    const invited = await admin(['user', 'invite', 'usr-lead']);
    expect(invited.code, invited.output).toBe(0);
    expect(invited.output).toContain('Invitation for @lead (usr-lead), single use, valid until');
    const invitation = linkIn(invited.output);
    const page = await openPasswordPage(invitation, '');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Choose your password');

    const reset = await admin(['user', 'reset-password', 'usr-lead']);
    expect(reset.code, reset.output).toBe(0);
    const newer = linkIn(reset.output);
    expect((await openPasswordPage(invitation, '')).status).toBe(404);

    const form = await openPasswordPage(newer, '');
    const token = new URL(newer).searchParams.get('token') ?? '';
    const password = 'hangar quietly folds paper cranes';
    const set = await submitPasswordForm(
      service.url,
      { token, csrf_token: form.csrfToken, password },
      { cookie: form.cookie },
    );
    expect(set.status, set.html).toBe(200);
    expect(set.html).toContain('You can now sign in as @lead');
    expect((await openPasswordPage(newer, '')).status).toBe(404);
    const signedIn = await authorize(
      service.url,
      { client_id: appId, redirect_uri: 'https://dash.example/auth/other' },
      { handle: '@lead', password },
    );
    expect(signedIn.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const nobody = await admin(['user', 'invite', 'usr-nobody']);
    expect(nobody.code).toBe(1);
    expect(nobody.output).toContain('404 not_found');
    const twoIds = await admin(['user', 'invite', 'usr-lead', 'usr-airman-1']);
    expect(twoIds.code).toBe(2);
    expect(twoIds.output).toContain('user invite needs one <userId>');
  });
  it('refuses --implicit for a confidential or production app, and registers nothing', async () => {
    for (const flags of [
      ['--environment', 'production'],
      ['--environment', 'sandbox', '--confidential'],
    ]) {
      const name = `Legacy ${flags.join(' ')}`;
      const refused = await admin([
        'app',
        'add',
        '--name',
        name,
        ...flags,
        '--redirect-uris',
        'https://legacy.example/cb',
        '--implicit',
      ]);
      expect(refused.code, refused.output).toBe(1);
      expect(refused.output).toContain('body.implicit: only a public sandbox app may use the implicit grant');
    }
    const db = await database.open();
    try {
      const { rows } = await sql`SELECT client_id FROM apps WHERE name LIKE ${'Legacy%'}`.execute(db.q);
      expect(rows).toEqual([]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('says what is wrong: no token, a refused request, a bad file, an unknown command', async () => {
    const noToken = await admin(['plugin', 'list'], {});
    expect(noToken.code).toBe(2);
    expect(noToken.output).toContain('--url needs the ADMIN_TOKEN setting');
    const wrongToken = await admin(['plugin', 'list'], { ADMIN_TOKEN: `${ADMIN_TOKEN}-not` });
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.output).toContain('401 invalid_token');
    const missing = await admin(['plugin', 'set-orgs', 'plugin-nobody', 'org-9aw']);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('404 not_found');
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ users: [{ userId: 'usr-x' }] }));
    const bad = await admin(['import', '--file', file]);
    expect(bad.code).toBe(2);
    expect(bad.output).toMatch(/users\.0\.handle: /);
    const unknown = await admin(['plugin', 'remove', clientId]);
    expect(unknown.code).toBe(2);
    expect(unknown.output).toContain('unknown command "plugin remove');
  });
});
