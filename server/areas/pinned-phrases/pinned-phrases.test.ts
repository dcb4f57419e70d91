/**
 * Pinned phrases (extension), on the engine of the test project: a person
 * reads back exactly what they pinned, in order, and nobody else's; a body
 * the contract refuses changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { errorBodySchema } from '../../../contract/common.ts';
import { pinnedPhraseLimits } from '../../../contract/pinned-phrases.ts';
import { loadWorld, type World } from '../../../testkit/fixtures.ts';
import { call, type Reply, signIn, startService, type TestService } from '../../../testkit/harness.ts';

let service: TestService;
let world: World;
let studentToken: string;

beforeAll(async () => {
  service = await startService();
  world = await loadWorld(service.url);
  studentToken = await signIn(service.url, world.student.userId);
});
afterAll(() => service.close());

const PATH = '/edu/v1/pinned-phrases';
/** Strict: an answer with any other key fails. */
const pinsSchema = z.strictObject({ phrases: z.array(z.string()) });
const errorOf = (reply: Reply) => errorBodySchema.parse(reply.body).error;
const read = async (token: string) => {
  const reply = await call(service.url, 'GET', PATH, { token });
  expect(reply.status).toBe(200);
  return pinsSchema.parse(reply.body).phrases;
};
const put = (token: string, body: unknown) => call(service.url, 'PUT', PATH, { token, body });

describe('pinned phrases', () => {
  it('reads back what the person pinned, in order, a phrase pinned twice once, and is never kept by a cache', async () => {
    const token = world.trainer.token;
    expect(await read(token)).toEqual([]);
    const reply = await put(token, {
      phrases: ['Clear calls on the radio', 'Needs a buddy check', 'Clear calls on the radio'],
    });
    expect(reply.status).toBe(200);
    expect(pinsSchema.parse(reply.body).phrases).toEqual(['Clear calls on the radio', 'Needs a buddy check']);
    expect(await read(token)).toEqual(['Clear calls on the radio', 'Needs a buddy check']);
    expect((await call(service.url, 'GET', PATH, { token })).headers.get('cache-control')).toMatch(/no-store/);

    expect((await put(token, { phrases: ['Needs a buddy check'] })).status).toBe(200);
    expect(await read(token)).toEqual(['Needs a buddy check']);
  });

  it('shows nobody else’s pins, and another person’s writing leaves them as they were', async () => {
    const mine = world.otherTrainer.token;
    const theirs = studentToken;
    expect((await put(mine, { phrases: ['Only mine'] })).status).toBe(200);
    expect(await read(theirs)).toEqual([]);
    expect((await put(theirs, { phrases: ['A student’s own phrase'] })).status).toBe(200);
    expect(await read(mine)).toEqual(['Only mine']);
    expect(await read(theirs)).toEqual(['A student’s own phrase']);
  });

  it('needs a signed-in person', async () => {
    const reply = await call(service.url, 'GET', PATH);
    expect(reply.status).toBe(401);
  });

  describe('refuses, changing nothing,', () => {
    const token = () => world.trainer.token;
    const before = ['Kept as it was'];
    const refused = async (body: unknown, code: string, path?: string, message?: RegExp) => {
      expect((await put(token(), { phrases: before })).status).toBe(200);
      const reply = await put(token(), body);
      expect(reply.status).toBe(400);
      const error = errorOf(reply);
      expect(error.code).toBe(code);
      if (path) expect(error.issues?.map((issue) => issue.path)).toContain(path);
      if (message) expect(error.issues?.map((issue) => issue.message).join(' ')).toMatch(message);
      expect(await read(token())).toEqual(before);
    };

    it('a body that is not JSON', () => refused('{"phrases": ["unterminated', 'malformed_json'));
    it('phrases that are not a list', () => refused({ phrases: 'Clear calls' }, 'invalid_input', 'body.phrases'));
    it('a phrase that is not text', () => refused({ phrases: ['Fine', 42] }, 'invalid_input', 'body.phrases.1'));
    it('a blank phrase', () => refused({ phrases: ['  '] }, 'invalid_input', 'body.phrases.0', /blank/));
    it('a phrase that is too long', () =>
      refused(
        { phrases: ['x'.repeat(pinnedPhraseLimits.phrase + 1)] },
        'invalid_input',
        'body.phrases.0',
        new RegExp(`at most ${pinnedPhraseLimits.phrase} characters`),
      ));
    it('too many phrases', () =>
      refused(
        { phrases: Array.from({ length: pinnedPhraseLimits.count + 1 }, (_, n) => `Phrase ${n}`) },
        'invalid_input',
        'body.phrases',
        new RegExp(`at most ${pinnedPhraseLimits.count} phrases`),
      ));
    it('a key the contract does not name', () =>
      refused({ phrases: ['Fine'], userId: world.student.userId }, 'invalid_input'));
  });
});
