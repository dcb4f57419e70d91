/**
 * The strict response check of tests: a key the contract does not name, at
 * any depth, is found, and a route that sends one fails while tests run.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { commentListSchema } from '../contract/comments.ts';
import { defineEndpoint } from '../contract/endpoint.ts';
import { plannerCandidatesResponseSchema } from '../contract/mission-planner.ts';
import { removeNoteResponseSchema } from '../contract/notes.ts';
import { friendListSchema } from '../contract/users.ts';
import type { Authenticator } from '../server/access/authenticator.ts';
import { AnswerCache } from '../server/cache/answer-cache.ts';
import type { Db } from '../server/data/database.ts';
import { Router } from '../server/http/route.ts';
import { checkResponse, unknownKeys } from './unknown-keys.ts';

const summary = {
  handle: '@a',
  firstName: 'A',
  lastName: 'B',
  userType: 'adult',
  accountType: 'Adult',
  country: 'US',
  profilePic: null,
  coverPhoto: null,
  userId: 'usr-1',
  anonymous: false,
};

describe('unknownKeys', () => {
  it('finds nothing in a value that has only the keys its schema names', () => {
    const friend = { ...summary, parentFlags: { cameraDisabled: false, proximityFriends: true }, gender: 'F' };
    expect(friendListSchema.safeParse([friend]).success).toBe(true);
    expect(unknownKeys(friendListSchema, [friend])).toEqual([]);
  });

  it('names extra and misspelt keys at any depth, which parsing alone strips', () => {
    const friend = {
      ...summary,
      trainer: true,
      parentFlags: { cameraDisabled: false, proximityFriends: true, cameraDisabeld: true },
    };
    expect(friendListSchema.safeParse([friend]).success).toBe(true);
    expect(
      unknownKeys(
        friendListSchema,
        [summary, friend].map((f) => ({ ...f, parentFlags: friend.parentFlags })),
      ),
    ).toEqual(['0.parentFlags.cameraDisabeld', '1.trainer', '1.parentFlags.cameraDisabeld']);
    const comment = {
      commentId: 'c',
      student: summary,
      author: { ...summary, email: 'a@example.mil' },
      course: 'x',
      lesson: '',
      class: 'y',
      text: 't',
      // An extension field the contract names: known, so not reported.
      createdAt: '2024-05-01T09:30:00.000Z',
    };
    expect(unknownKeys(commentListSchema, [comment])).toEqual(['0.author.email']);
  });

  it('reads the option of a discriminated union that the value is', () => {
    const ok = {
      pluginId: 'p',
      name: 'P',
      status: 'ok',
      candidates: { positions: [] },
      people: [{ userId: 'u', displayName: 'U', afsc: '', dutyTitle: '', inYourClasses: false, email: 'x' }],
      warnings: [],
    };
    const failed = { pluginId: 'p', name: 'P', status: 'failed', failure: { code: 'timeout', message: 'm' } };
    expect(unknownKeys(plannerCandidatesResponseSchema, { results: [failed, ok] })).toEqual([
      'results.1.people.0.email',
    ]);
    expect(unknownKeys(plannerCandidatesResponseSchema, { results: [{ ...failed, warnings: [] }] })).toEqual([
      'results.0.warnings',
    ]);
  });

  it('follows optional, nullable and piped schemas', () => {
    const schema = z.object({
      a: z.optional(z.object({ b: z.string() })),
      c: z.nullable(z.object({ d: z.string() })),
      e: z.pipe(
        z.object({ f: z.string() }),
        z.transform((v) => v),
      ),
    });
    expect(unknownKeys(schema, { a: { b: '', x: 1 }, c: null, e: { f: '', y: 2 } })).toEqual(['a.x', 'e.y']);
  });
});

describe('a route while tests run (the harness checks every response)', () => {
  const endpoint = defineEndpoint({
    method: 'POST',
    path: '/probe',
    base: 'platform',
    auth: 'none',
    tag: 'Probe',
    summary: 'probe',
    response: removeNoteResponseSchema,
  });
  // Auth kind "none" never asks the authenticator, and a POST never reads the database nor keeps its answer.
  const noAuth = {} as Authenticator;
  const noDb = {} as Db;
  const serve = (checked: boolean, answer: object) => {
    const app = new Hono();
    app.onError((error, c) => c.text(error.message, 500));
    new Router(app, {
      auth: noAuth,
      sandbox: true,
      extensions: true,
      probe: checked ? { answered: checkResponse } : undefined,
      db: noDb,
      answers: new AnswerCache(0),
      bases: new Set(['platform']),
    }).bind(endpoint, () => answer as { success: boolean });
    return app.request('/probe', { method: 'POST' });
  };

  it('fails a response with a misspelt key, and passes the same response without it', async () => {
    const refused = await serve(true, { success: true, sucess: true });
    expect(refused.status).toBe(500);
    expect(await refused.text()).toMatch(/does not name: sucess$/);
    expect((await serve(true, { success: true })).status).toBe(200);
  });

  it('leaves production as it was: nothing is checked', async () => {
    expect((await serve(false, { success: true, sucess: true })).status).toBe(200);
  });
});
