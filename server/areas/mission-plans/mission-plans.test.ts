/**
 * A trainer's mission plan kept by the service (extension), on the engine of
 * the test project: saved from one session and read from another of the same
 * trainer, never by anyone else, replaced whole, removed by null, bounded,
 * and refused with the one error body when it is not a plan.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, limits } from '../../../contract/common.ts';
import { type KeptPlan, keptPlanAnswerSchema } from '../../../contract/mission-plans.ts';
import { sandboxUserListSchema } from '../../../contract/sandbox.ts';
import { call, type Reply, signIn, startService, type TestService } from '../../../testkit/harness.ts';

let service: TestService;
let desk: string;
let phone: string;
let otherTrainer: string;
let student: string;

beforeAll(async () => {
  service = await startService();
  const users = sandboxUserListSchema.parse((await call(service.url, 'GET', '/sandbox/v1/users')).body);
  const trainers = users.filter((u) => u.roles.includes('trainer'));
  const [first, second] = trainers;
  const learner = users.find((u) => !u.roles.includes('trainer') && u.enrollments.length > 0);
  if (!first || !second || !learner) throw new Error('the sandbox needs two trainers and a student');
  // Two sessions of one trainer: a desk and a phone.
  desk = await signIn(service.url, first.userId);
  phone = await signIn(service.url, first.userId);
  otherTrainer = await signIn(service.url, second.userId);
  student = await signIn(service.url, learner.userId, 'sandbox-trainer-dashboard');
});
afterAll(() => service.close());

const PATH = '/mission-planner/v1/plan';
const read = (token: string) => call(service.url, 'GET', PATH, { token });
const save = (token: string, body: unknown) => call(service.url, 'PUT', PATH, { token, body });
const errorOf = (reply: Reply) => errorBodySchema.parse(reply.body).error;

const plan = (title: string, picks: string[] = ['usr-s01']): KeptPlan => ({
  version: 1,
  pluginId: 'sandbox-plugin-coach',
  positions: [{ title, knowledgeLevel: 'journeyman', afsc: '3D0X2', count: '1', exactMatch: false }],
  asked: [
    {
      title,
      count: 1,
      competencies: [
        { competencyId: 'c-1', title: 'Routing', minimumRequirement: 'basic', preferredRequirement: 'advanced' },
      ],
    },
  ],
  shortlist: [picks],
  slots: [picks.slice(0, 1)],
});

describe('mission plans kept by the service', () => {
  it('follows the trainer from one session to another, replaced whole by each save, removed by null', async () => {
    expect(keptPlanAnswerSchema.parse((await read(phone)).body)).toEqual({ plan: null, savedAt: null });

    const saved = await save(desk, { plan: plan('Shift lead') });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('cache-control')).toBe('no-store');
    const first = keptPlanAnswerSchema.parse(saved.body);
    expect(first.plan).toEqual(plan('Shift lead'));
    expect(Number.isNaN(Date.parse(first.savedAt ?? ''))).toBe(false);

    const onPhone = await read(phone);
    expect(onPhone.status).toBe(200);
    expect(onPhone.headers.get('cache-control')).toBe('no-store');
    expect(keptPlanAnswerSchema.parse(onPhone.body).plan).toEqual(plan('Shift lead'));

    // The phone's save replaces the desk's: the last save wins, nothing of the first is merged in.
    await save(phone, { plan: plan('Night shift', ['usr-s02']) });
    expect(keptPlanAnswerSchema.parse((await read(desk)).body).plan).toEqual(plan('Night shift', ['usr-s02']));

    const removed = await save(desk, { plan: null });
    expect(keptPlanAnswerSchema.parse(removed.body)).toEqual({ plan: null, savedAt: null });
    expect(keptPlanAnswerSchema.parse((await read(phone)).body).plan).toBeNull();
  });

  it('is read and replaced by its owner only', async () => {
    await save(desk, { plan: plan('Owner’s plan') });
    expect(keptPlanAnswerSchema.parse((await read(otherTrainer)).body).plan).toBeNull();
    // Another trainer's save is their own plan: the owner's is untouched.
    await save(otherTrainer, { plan: plan('Someone else’s plan') });
    expect(keptPlanAnswerSchema.parse((await read(desk)).body).plan?.positions[0]?.title).toBe('Owner’s plan');
    // No parameter can name another person's plan.
    const named = await call(service.url, 'GET', `${PATH}?userId=someone`, { token: desk });
    expect(named.status).toBe(400);

    const refused = await read(student);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe('forbidden');
    expect((await save(student, { plan: plan('x') })).status).toBe(403);
    expect((await call(service.url, 'GET', PATH)).status).toBe(401);
  });

  it('refuses what is not a plan, or too large a one, with the one error body, and keeps the plan it had', async () => {
    await save(desk, { plan: plan('Kept') });
    const wrong = await save(desk, { plan: { ...plan('x'), version: 2 } });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).issues?.map((i) => i.path)).toContain('body.plan.version');
    const extra = await save(desk, { plan: plan('x'), owner: 'someone' });
    expect(extra.status).toBe(400);
    const many = await save(desk, {
      plan: { ...plan('x'), positions: Array.from({ length: 21 }, () => plan('x').positions[0]) },
    });
    expect(many.status).toBe(400);
    expect(errorOf(many).issues?.map((i) => i.path)).toContain('body.plan.positions');
    const huge = await save(desk, {
      plan: plan(
        'x',
        Array.from({ length: 990 }, (_, i) => `usr-${'x'.repeat(80)}-${i}`),
      ),
    });
    expect(huge.status).toBe(413);
    expect(JSON.stringify(huge.body).length).toBeLessThan(limits.bodyBytes);
    expect(errorOf(huge).code).toBe('payload_too_large');
    expect(keptPlanAnswerSchema.parse((await read(desk)).body).plan?.positions[0]?.title).toBe('Kept');
  });
});
