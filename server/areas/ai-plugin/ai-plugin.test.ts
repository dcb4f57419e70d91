/**
 * Section 4.2 over real HTTP against a freshly seeded service: every AI-plugin
 * endpoint's shape, Basic authentication, API sets, org access and input
 * checks. Each test registers the plugins it needs through the admin routes,
 * so the org boundaries are the test's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicHeader } from '../../../contract/basic-auth.ts';
import { errorBodySchema } from '../../../contract/common.ts';
import {
  additionalInfoListSchema,
  adminOrgListSchema,
  type Badge,
  badgeAssertionListSchema,
  badgeAssertionSchema,
  badgeListSchema,
  type LearningRecord,
  learningRecordListSchema,
  otherSkillListSchema,
} from '../../../contract/plugin.ts';
import { pluginPermissions } from '../../../contract/plugin-permissions.ts';
import { type SandboxUser, sandboxUserListSchema } from '../../../contract/sandbox.ts';
import { call, signIn, startService, type TestService } from '../../../testkit/harness.ts';
import { ADMIN_TOKEN, admin, asPlugin, registerPlugin, type TestPlugin } from '../../../testkit/plugin-kit.ts';

let service: TestService;
let url: string;
/** Two orgs with students; alpha may read only orgA, beta only orgB. */
let orgA: string;
let orgB: string;
let alpha: TestPlugin;
let beta: TestPlugin;
let usersA: LearningRecord[];
let usersB: LearningRecord[];
let people: SandboxUser[];

const code = (body: unknown) => errorBodySchema.parse(body).error.code;
const issuePaths = (body: unknown) => errorBodySchema.parse(body).error.issues?.map((i) => i.path) ?? [];
const all = [...pluginPermissions];

beforeAll(async () => {
  service = await startService({ env: { ADMIN_TOKEN } });
  url = service.url;
  const orgs = adminOrgListSchema.parse((await admin(url, 'GET', '/admin/v1/orgs')).body).map((o) => o.orgId);
  const everything = await registerPlugin(url, 'Survey', ['record-data'], orgs);
  const withStudents: string[] = [];
  for (const org of orgs) {
    const records = learningRecordListSchema.parse(
      (await asPlugin(url, everything).get(`/plugin/v2/ai/record-data?orgIds=${org}`)).body,
    );
    if (records.length > 0) withStudents.push(org);
  }
  const [first, second] = withStudents;
  if (!first || !second) throw new Error('the sandbox needs two orgs with students');
  orgA = first;
  orgB = second;
  alpha = await registerPlugin(url, 'Alpha', all, [orgA]);
  beta = await registerPlugin(url, 'Beta', all, [orgB]);
  usersA = learningRecordListSchema.parse((await asPlugin(url, alpha).get('/plugin/v2/ai/record-data')).body);
  usersB = learningRecordListSchema.parse((await asPlugin(url, beta).get('/plugin/v2/ai/record-data')).body);
  people = sandboxUserListSchema.parse((await call(url, 'GET', '/sandbox/v1/users')).body);
});
afterAll(() => service.close());

const recordData = (headers: Record<string, string>) => call(url, 'GET', '/plugin/v2/ai/record-data', { headers });

describe('Basic authentication of plugins', () => {
  it('answers 401 with the error body when credentials are missing, malformed or wrong', async () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    // Missing Basic credentials are the platform's 4016; Basic credentials that are wrong or unreadable, 4011.
    const missing = ['unauthorized', '4016'];
    const wrong = ['invalid_credentials', '4011'];
    const cases: Record<string, [Record<string, string>, string[]]> = {
      missing: [{}, missing],
      'another scheme': [{ Authorization: `Digest ${b64(`${alpha.clientId}:${alpha.clientSecret}`)}` }, missing],
      'not base64': [{ Authorization: 'Basic %%%not-base64%%%' }, wrong],
      'no colon': [{ Authorization: `Basic ${b64(alpha.clientId)}` }, wrong],
      'empty client id': [{ Authorization: `Basic ${b64(`:${alpha.clientSecret}`)}` }, wrong],
      'wrong secret': [{ Authorization: basicHeader(alpha.clientId, `${alpha.clientSecret}x`) }, wrong],
      'unknown client id': [{ Authorization: basicHeader('sandbox-nobody', alpha.clientSecret) }, wrong],
    };
    for (const [name, [headers, expected]] of Object.entries(cases)) {
      const reply = await recordData(headers);
      expect(reply.status, name).toBe(401);
      expect([code(reply.body), reply.headers.get('errorcode')], name).toEqual(expected);
    }
    const right = await recordData({ Authorization: basicHeader(alpha.clientId, alpha.clientSecret) });
    expect(right.status).toBe(200);
  });

  it('does not accept a user token', async () => {
    const trainer = people.find((p) => p.roles.includes('trainer'));
    if (!trainer) throw new Error('no trainer');
    const token = await signIn(url, trainer.userId);
    const reply = await call(url, 'GET', '/plugin/v2/ai/record-data', { token });
    expect(reply.status).toBe(401);
    expect(errorBodySchema.safeParse(reply.body).success).toBe(true);
  });

  it('refuses a sandbox plugin on a production service, and accepts a production one there', async () => {
    const production = await startService({ db: service.db, env: { PLATFORM_ENV: 'production', ADMIN_TOKEN } });
    try {
      const sandboxed = await call(production.url, 'GET', '/plugin/v2/ai/record-data', {
        headers: { Authorization: basicHeader(alpha.clientId, alpha.clientSecret) },
      });
      expect(sandboxed.status).toBe(403);
      expect(code(sandboxed.body)).toBe('sandbox_credential');

      const created = await admin(production.url, 'POST', '/admin/v1/plugins', {
        name: 'Prod',
        environment: 'production',
      });
      const { plugin, clientSecret } = created.body as { plugin: { clientId: string }; clientSecret: string };
      await admin(production.url, 'PUT', `/admin/v1/plugins/${plugin.clientId}/permissions`, {
        permissions: ['record-data'],
      });
      await admin(production.url, 'PUT', `/admin/v1/plugins/${plugin.clientId}/orgs`, { orgIds: [orgA] });
      const prod = await call(production.url, 'GET', '/plugin/v2/ai/record-data', {
        headers: { Authorization: basicHeader(plugin.clientId, clientSecret) },
      });
      expect(prod.status).toBe(200);
      expect(learningRecordListSchema.parse(prod.body)).toEqual(usersA);
    } finally {
      await production.close();
    }
  });
});

describe('API sets an administrator switches on per plugin', () => {
  const someone = () => usersA[0]?.userId ?? 'nobody';
  const calls: [string, string, string, () => unknown][] = [
    ['record-data', 'GET', '/plugin/v2/ai/record-data', () => undefined],
    ['badges', 'GET', '/plugin/v2/ai/badge/course', () => undefined],
    ['badges', 'GET', '/plugin/v2/ai/badge/objective', () => undefined],
    ['badges', 'GET', '/plugin/v2/ai/badge/assertion?userId=SOMEONE', () => undefined],
    ['badges', 'POST', '/plugin/v2/ai/badge', () => ({ name: 'N', type: 'achievement', image: 'i', proficiency: 1 })],
    [
      'badges',
      'POST',
      '/plugin/v2/ai/badge/assertion',
      () => ({
        userId: someone(),
        badgeId: 'ext-1',
        name: 'N',
        type: 't',
        image: 'i',
        issuedOn: '2026-01-05',
        issuerName: 'X',
      }),
    ],
    ['other-skills', 'GET', '/plugin/v2/ai/other-skills?userId=SOMEONE', () => undefined],
    [
      'additional-info',
      'POST',
      '/plugin/v2/ai/additional-info',
      () => ({ userId: someone(), additionalInfo: [{ title: 't', description: 'd' }] }),
    ],
  ];

  it('answers 403 missing_permission for every set not granted, and serves the granted one', async () => {
    for (const granted of ['record-data', 'badges', 'other-skills', 'additional-info'] as const) {
      const plugin = await registerPlugin(url, `Only ${granted}`, [granted], [orgA]);
      for (const [set, method, rawPath, body] of calls) {
        const path = rawPath.replace('SOMEONE', someone());
        const payload = body();
        const reply = await call(url, method, path, {
          headers: { Authorization: basicHeader(plugin.clientId, plugin.clientSecret) },
          ...(payload !== undefined ? { body: payload } : {}),
        });
        if (set === granted) {
          expect(reply.status, `${granted}: ${method} ${path}`).toBeLessThan(300);
        } else {
          expect(reply.status, `${granted}: ${method} ${path}`).toBe(403);
          expect(code(reply.body)).toBe('missing_permission');
          expect(errorBodySchema.parse(reply.body).error.message).toContain(set);
        }
      }
    }
  });
});

describe('org access', () => {
  it('record data covers the plugin’s orgs when orgIds is omitted, and only the orgs named when it is given', async () => {
    expect(usersA.length).toBeGreaterThan(0);
    const both = await registerPlugin(url, 'Both', ['record-data'], [orgA, orgB]);
    const omitted = learningRecordListSchema.parse((await asPlugin(url, both).get('/plugin/v2/ai/record-data')).body);
    expect(omitted.map((r) => r.userId).sort()).toEqual([...usersA, ...usersB].map((r) => r.userId).sort());
    const onlyA = learningRecordListSchema.parse(
      (await asPlugin(url, both).get(`/plugin/v2/ai/record-data?orgIds=${orgA}`)).body,
    );
    expect(onlyA).toEqual(usersA);
  });

  it('refuses orgIds outside the plugin’s access with 403 org_forbidden naming the org', async () => {
    const paths = ['/plugin/v2/ai/record-data', '/plugin/v2/ai/badge/course', '/plugin/v2/ai/badge/objective'];
    for (const path of paths) {
      for (const orgIds of [orgB, `${orgA},${orgB}`, 'org-that-does-not-exist']) {
        const reply = await asPlugin(url, alpha).get(`${path}?orgIds=${encodeURIComponent(orgIds)}`);
        expect(reply.status, `${path}?orgIds=${orgIds}`).toBe(403);
        expect(code(reply.body)).toBe('org_forbidden');
        const named = orgIds.split(',').find((o) => o !== orgA) ?? '';
        expect(errorBodySchema.parse(reply.body).error.message).toContain(named);
      }
    }
  });

  it('never returns another org’s people: reads naming them are 404, as for unknown users', async () => {
    const outsider = usersB[0]?.userId;
    const insider = usersA[0]?.userId;
    if (!outsider || !insider) throw new Error('no users');
    const reads = [
      `/plugin/v2/ai/badge/assertion?userId=${outsider}`,
      `/plugin/v2/ai/badge/assertion?userIds=${insider},${outsider}`,
      `/plugin/v2/ai/other-skills?userId=${outsider}`,
      `/plugin/v2/ai/other-skills?userId=${insider}&userIds=${outsider}`,
      '/plugin/v2/ai/other-skills?userId=user-that-does-not-exist',
    ];
    for (const path of reads) {
      const reply = await asPlugin(url, alpha).get(path);
      expect(reply.status, path).toBe(404);
      expect(code(reply.body)).toBe('not_found');
    }
    const writes: [string, unknown][] = [
      ['/plugin/v2/ai/additional-info', { userId: outsider, additionalInfo: [{ title: 'Note', description: 'x' }] }],
      [
        '/plugin/v2/ai/badge/assertion',
        {
          userId: outsider,
          badgeId: 'ext-1',
          name: 'N',
          type: 't',
          image: 'i',
          issuedOn: '2026-01-05',
          issuerName: 'X',
        },
      ],
    ];
    for (const [path, body] of writes) {
      const reply = await asPlugin(url, alpha).post(path, body);
      expect(reply.status, path).toBe(404);
    }
    // Nothing alpha reads names a person of orgB.
    const seen = JSON.stringify([
      usersA,
      (await asPlugin(url, alpha).get(`/plugin/v2/ai/badge/assertion?userIds=${usersA.map((u) => u.userId).join(',')}`))
        .body,
      (await asPlugin(url, alpha).get(`/plugin/v2/ai/other-skills?userIds=${usersA.map((u) => u.userId).join(',')}`))
        .body,
    ]);
    for (const record of usersB) expect(seen).not.toContain(record.userId);
  });
});

/** A service badge of a course someone of orgA is enrolled in, with that person, their class and a lesson. */
async function serviceBadgeCase() {
  const courseBadges = badgeListSchema.parse((await asPlugin(url, alpha).get('/plugin/v2/ai/badge/course')).body);
  for (const badge of courseBadges) {
    for (const record of usersA) {
      const person = people.find((p) => p.userId === record.userId);
      const enrollment = person?.enrollments.find((e) => e.courseId === badge.courseId);
      if (!enrollment) continue;
      const lessonIds = people.flatMap((p) => p.teaches).find((t) => t.classId === enrollment.classId)?.lessonIds ?? [];
      const lessonId = lessonIds[0];
      if (lessonId) return { badge, userId: record.userId, classId: enrollment.classId, lessonId };
    }
  }
  throw new Error('no course badge of a course an orgA student is enrolled in');
}

describe('badges', () => {
  it('course badges list objective entries and their course; objective badges list module entries', async () => {
    const course = badgeListSchema.parse((await asPlugin(url, alpha).get('/plugin/v2/ai/badge/course')).body);
    const objective = badgeListSchema.parse((await asPlugin(url, alpha).get('/plugin/v2/ai/badge/objective')).body);
    expect(course.length).toBeGreaterThan(0);
    expect(objective.length).toBeGreaterThan(0);
    for (const badge of course) {
      expect(badge.criteria.objective.length).toBeGreaterThan(0);
      expect(badge.courseId).toBeDefined();
      expect(badge.courseVersion).toBeDefined();
    }
    for (const badge of objective) expect(badge.criteria.module.length).toBeGreaterThan(0);
    // Listings carry proficiency as the create response does (decided: one Badge shape everywhere).
    for (const badge of [...course, ...objective]) expect(badge).toHaveProperty('proficiency', expect.any(Number));
    // Only courses someone of the plugin's orgs is enrolled in.
    const enrolledCourses = new Set(
      usersA.flatMap((r) => people.find((p) => p.userId === r.userId)?.enrollments.map((e) => e.courseId) ?? []),
    );
    for (const badge of [...course, ...objective]) expect(enrolledCourses.has(badge.courseId ?? '')).toBe(true);
  });

  it('lists the badges of every org of the plugin when orgIds is omitted (decided: optional, as on record data)', async () => {
    const both = await registerPlugin(url, 'Both orgs, badges', ['badges'], [orgA, orgB]);
    for (const path of ['/plugin/v2/ai/badge/course', '/plugin/v2/ai/badge/objective']) {
      const ids = async (query: string) => {
        const reply = await asPlugin(url, both).get(`${path}${query}`);
        expect(reply.status, `${path}${query}`).toBe(200);
        return badgeListSchema
          .parse(reply.body)
          .map((b) => b.badgeId)
          .sort();
      };
      const omitted = await ids('');
      const [onlyA, onlyB] = [await ids(`?orgIds=${orgA}`), await ids(`?orgIds=${orgB}`)];
      expect(onlyA.length).toBeGreaterThan(0);
      expect(onlyB.length).toBeGreaterThan(0);
      expect(omitted).toEqual([...new Set([...onlyA, ...onlyB])].sort());
      expect(omitted).not.toEqual(onlyA);
    }
  });

  it('creates a badge and answers an array holding it', async () => {
    const body = {
      name: 'Mission ready',
      type: 'achievement',
      image: 'https://badges.example/ready.png',
      proficiency: 3,
      tags: 'readiness',
    };
    const reply = await asPlugin(url, alpha).post('/plugin/v2/ai/badge', body);
    expect(reply.status).toBe(201);
    const [badge, ...rest] = badgeListSchema.parse(reply.body) as Badge[];
    expect(rest).toEqual([]);
    expect(badge).toMatchObject({ ...body, criteria: { module: [], objective: [] } });
    expect(badge?.badgeId).toBeTruthy();
  });

  it('requires lessonId, classId and versionId for a badge from the service, and checks them', async () => {
    const { badge, userId, classId, lessonId } = await serviceBadgeCase();
    const base = {
      userId,
      badgeId: badge.badgeId,
      name: badge.name,
      type: badge.type,
      image: badge.image,
      issuedOn: '2026-02-01',
      issuerName: 'Training Squadron',
    };
    const missing = await asPlugin(url, alpha).post('/plugin/v2/ai/badge/assertion', base);
    expect(missing.status).toBe(400);
    expect(issuePaths(missing.body).sort()).toEqual(['body.classId', 'body.lessonId', 'body.versionId']);

    const wrongVersion = await asPlugin(url, alpha).post('/plugin/v2/ai/badge/assertion', {
      ...base,
      classId,
      lessonId,
      versionId: `${badge.courseVersion}-old`,
    });
    expect(wrongVersion.status).toBe(400);
    expect(issuePaths(wrongVersion.body)).toEqual(['body.versionId']);

    const notTheirClass = await asPlugin(url, alpha).post('/plugin/v2/ai/badge/assertion', {
      ...base,
      classId: 'class-that-does-not-exist',
      lessonId,
      versionId: badge.courseVersion,
    });
    expect(notTheirClass.status).toBe(404);

    const valid = { ...base, classId, lessonId, versionId: badge.courseVersion };
    const created = await asPlugin(url, alpha).post('/plugin/v2/ai/badge/assertion', valid);
    expect(created.status).toBe(201);
    expect(badgeAssertionSchema.parse(created.body)).toEqual(valid);
    const read = badgeAssertionListSchema.parse(
      (await asPlugin(url, alpha).get(`/plugin/v2/ai/badge/assertion?userId=${userId}`)).body,
    );
    expect(read).toContainEqual(valid);
    for (const assertion of read) expect(assertion.userId).toBe(userId);
  });

  it('records a badge from another issuer without lesson, class and version; those go together when given', async () => {
    const userId = usersA[0]?.userId ?? '';
    const external = {
      userId,
      badgeId: 'credly-network-plus',
      name: 'Network+',
      type: 'certification',
      image: 'https://images.example/netplus.png',
      issuedOn: '2025-11-20T09:30:00Z',
      issuerName: 'CompTIA',
    };
    const created = await asPlugin(url, alpha).post('/plugin/v2/ai/badge/assertion', external);
    expect(created.status).toBe(201);
    expect(created.body).toEqual(external);
    const partial = await asPlugin(url, alpha).post('/plugin/v2/ai/badge/assertion', { ...external, classId: 'c' });
    expect(partial.status).toBe(400);
    expect(issuePaths(partial.body).sort()).toEqual(['body.lessonId', 'body.versionId']);
  });

  it('reads the assertions of several users at once, each naming its user', async () => {
    const ids = usersA.slice(0, 3).map((u) => u.userId);
    const reply = await asPlugin(url, alpha).get(`/plugin/v2/ai/badge/assertion?userIds=${ids.join(',')}`);
    expect(reply.status).toBe(200);
    for (const a of badgeAssertionListSchema.parse(reply.body)) expect(ids).toContain(a.userId);
  });
});

describe('other skills and additional info', () => {
  it('other skills name the user each entry belongs to', async () => {
    const ids = usersA.map((u) => u.userId);
    const reply = await asPlugin(url, alpha).get(`/plugin/v2/ai/other-skills?userIds=${ids.join(',')}`);
    expect(reply.status).toBe(200);
    const skills = otherSkillListSchema.parse(reply.body);
    expect(skills.length).toBeGreaterThan(0);
    for (const skill of skills) expect(ids).toContain(skill.userId);
  });

  it('adds additional info and answers what this plugin wrote about the user, not what others did', async () => {
    const userId = usersA[1]?.userId ?? usersA[0]?.userId ?? '';
    const gamma = await registerPlugin(url, 'Gamma', ['additional-info'], [orgA]);
    const first = await asPlugin(url, alpha).post('/plugin/v2/ai/additional-info', {
      userId,
      additionalInfo: [{ title: 'Readiness', description: 'Ready for a 5-level shift lead role' }],
    });
    expect(first.status).toBe(200);
    const second = await asPlugin(url, alpha).post('/plugin/v2/ai/additional-info', {
      userId,
      additionalInfo: [{ title: 'Next step', description: 'Network defense course' }],
    });
    expect(additionalInfoListSchema.parse(second.body).map((e) => e.title)).toEqual(['Readiness', 'Next step']);
    const other = await asPlugin(url, gamma).post('/plugin/v2/ai/additional-info', {
      userId,
      additionalInfo: [{ title: 'Gamma note', description: '' }],
    });
    expect(additionalInfoListSchema.parse(other.body)).toEqual([{ title: 'Gamma note', description: '' }]);
  });
});

describe('bad input gets a 4xx with the one error body', () => {
  it('malformed JSON, wrong types, missing and unknown fields, bad dates and bad lists', async () => {
    const userId = usersA[0]?.userId ?? '';
    const assertion = {
      userId,
      badgeId: 'b',
      name: 'N',
      type: 't',
      image: 'i',
      issuedOn: '2026-01-05',
      issuerName: 'X',
    };
    const posts: [string, unknown, number, string | undefined][] = [
      ['/plugin/v2/ai/badge', '{"name": "x",', 400, undefined],
      ['/plugin/v2/ai/badge', { name: 'N', type: 't', image: 'i', proficiency: 'high' }, 400, 'body.proficiency'],
      ['/plugin/v2/ai/badge', { name: 'N', type: 't', image: 'i' }, 400, 'body.proficiency'],
      ['/plugin/v2/ai/badge', { name: '   ', type: 't', image: 'i', proficiency: 1 }, 400, 'body.name'],
      ['/plugin/v2/ai/badge', { name: 'N', type: 't', image: 'i', proficiency: 1, color: 'red' }, 400, 'body.color'],
      ['/plugin/v2/ai/badge', [], 400, 'body'],
      ['/plugin/v2/ai/badge/assertion', { ...assertion, issuedOn: '05/01/2026' }, 400, 'body.issuedOn'],
      ['/plugin/v2/ai/badge/assertion', { ...assertion, issuedOn: '2026-02-30' }, 400, 'body.issuedOn'],
      ['/plugin/v2/ai/badge/assertion', { ...assertion, userId: undefined }, 400, 'body.userId'],
      ['/plugin/v2/ai/badge/assertion', { ...assertion, userId: 42 }, 400, 'body.userId'],
      ['/plugin/v2/ai/additional-info', { userId, additionalInfo: [] }, 400, 'body.additionalInfo'],
      [
        '/plugin/v2/ai/additional-info',
        { userId, additionalInfo: [{ title: 'x' }] },
        400,
        'body.additionalInfo.0.description',
      ],
      ['/plugin/v2/ai/additional-info', { userId, additionalInfo: 'text' }, 400, 'body.additionalInfo'],
    ];
    for (const [path, body, status, issue] of posts) {
      const reply = await asPlugin(url, alpha).post(path, body);
      expect(reply.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      const parsed = errorBodySchema.parse(reply.body);
      if (issue) expect(parsed.error.issues?.map((i) => i.path)).toContain(issue);
      else expect(parsed.error.code).toBe('malformed_json');
    }
    const gets: [string, string][] = [
      ['/plugin/v2/ai/badge/assertion', 'query.userId'],
      ['/plugin/v2/ai/other-skills?userIds=', 'query.userIds'],
      ['/plugin/v2/ai/other-skills?userIds=,,', 'query.userIds'],
      ['/plugin/v2/ai/record-data?orgId=x', 'query.orgId'],
      ['/plugin/v2/ai/record-data?orgIds=a&orgIds=b', 'query.orgIds'],
    ];
    for (const [path, issue] of gets) {
      const reply = await asPlugin(url, alpha).get(path);
      expect(reply.status, path).toBe(400);
      expect(issuePaths(reply.body)).toContain(issue);
    }
    const tooMany = Array.from({ length: 201 }, (_, i) => `u${i}`).join(',');
    expect((await asPlugin(url, alpha).get(`/plugin/v2/ai/other-skills?userIds=${tooMany}`)).status).toBe(400);
    const textBody = await call(url, 'POST', '/plugin/v2/ai/badge', {
      headers: { Authorization: basicHeader(alpha.clientId, alpha.clientSecret), 'Content-Type': 'text/plain' },
      body: 'name=x',
    });
    expect(textBody.status).toBe(415);
  });
});
