/**
 * `Router.raw` gates its endpoints as `bind` does: an extension is not bound
 * with PLATFORM_EXTENSIONS=off (404, as an address the platform does not
 * have), an operational extension is, and so is any endpoint with the
 * extensions on. No raw endpoint of the contract is an extension today, so
 * the test binds its own.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { defineEndpoint, type Endpoint } from '../../contract/endpoint.ts';
import { removeNoteResponseSchema } from '../../contract/notes.ts';
import type { Authenticator } from '../access/authenticator.ts';
import { AnswerCache } from '../cache/answer-cache.ts';
import type { Db } from '../data/database.ts';
import { Router } from './route.ts';

const extension = defineEndpoint({
  method: 'POST',
  path: '/raw-probe',
  base: 'platform',
  auth: 'none',
  tag: 'Probe',
  summary: 'probe',
  response: removeNoteResponseSchema,
  extension: true,
});

/** Binds `endpoint` with `raw` and asks for it once; answers the status and whether the router saw it bound. */
async function serveRaw(endpoint: Endpoint, extensions: boolean): Promise<{ status: number; bound: boolean }> {
  const app = new Hono();
  let bound = false;
  // Auth kind "none" never asks the authenticator, and a raw route never reads the database nor keeps its answer.
  new Router(app, {
    auth: {} as Authenticator,
    sandbox: true,
    extensions,
    probe: { bound: () => (bound = true) },
    db: {} as Db,
    answers: new AnswerCache(0),
    bases: new Set(['platform']),
  }).raw(endpoint, ({ answerJson }) => answerJson({ success: true }));
  const response = await app.request(endpoint.path, { method: endpoint.method });
  return { status: response.status, bound };
}

describe('an endpoint bound with Router.raw', () => {
  it('is not bound when it is an extension and the extensions are off', async () => {
    expect(await serveRaw(extension, false)).toEqual({ status: 404, bound: false });
  });

  it('is bound when the extensions are on, or when the extension is operational', async () => {
    expect(await serveRaw(extension, true)).toEqual({ status: 200, bound: true });
    expect(await serveRaw({ ...extension, operational: true }, false)).toEqual({ status: 200, bound: true });
  });
});
