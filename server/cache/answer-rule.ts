/**
 * The rule of kept answers for one bound route: which requests are kept, the
 * key an answer is kept under (route, who may see it, validated input, data
 * versions), and the lookup and store around the handler. The router asks it
 * after the caller is authenticated and the input validated, so a kept answer
 * is only ever handed to someone who passed the same checks.
 */
import type { Endpoint } from '../../contract/endpoint.ts';
import type { Db } from '../data/database.ts';
import { type Area, currentVersions } from '../data/versions.ts';
import type { EncodedAnswer } from '../http/compression.ts';
import type { AnswerCache, KeptAnswer } from './answer-cache.ts';

/** A user's request, as the authenticator names it: the key needs only who they are. */
interface UserViewer {
  readonly userId: string;
}

/** A plugin's request: its answer depends on the organizations it may read. */
interface PluginViewer {
  readonly clientId: string;
  readonly orgIds: readonly string[];
}

/** What one request found: the answer kept under its key, or the key to keep the answer about to be made. */
export interface Lookup {
  readonly key: string;
  readonly kept: KeptAnswer | undefined;
}

export interface RouteAnswers {
  /** `mark`: the database's change mark taken when the request arrived (`Db.changeMark`). */
  /** `input`: the validated params and query as JSON (server/http/address-inputs.ts). */
  lookup(caller: unknown, input: string, mark: string | undefined): Promise<Lookup>;
  /** Keeps an answer, with the `Link` header of a page when it names a next one. */
  store(key: string, status: number, answer: EncodedAnswer, link: string | undefined): void;
}

/**
 * The kept answers of `endpoint`, whose answer is made of the data areas
 * `reads`; undefined when its answers are never kept (not a read, no areas
 * named, or the cache off).
 */
export function routeAnswers(
  endpoint: Endpoint,
  reads: readonly Area[] | undefined,
  answers: AnswerCache,
  db: Db,
): RouteAnswers | undefined {
  if (reads === undefined || endpoint.method !== 'GET' || !answers.enabled) return undefined;
  const route = `${endpoint.method} ${endpoint.path}`;
  return {
    async lookup(caller, input, mark) {
      // The versions are read before the data, so a kept answer is never older than its key says.
      const versions = await currentVersions(db, mark);
      const key = answerKey(
        route,
        endpoint,
        caller,
        input,
        reads.map((area) => versions[area]),
      );
      return { key, kept: answers.get(key) };
    },
    store(key, status, answer, link) {
      answers.set(key, status, answer, link);
    },
  };
}

/**
 * Route, viewer, validated input and data versions, a line each: equal keys are equal answers. No part holds a
 * line break (the viewer and the input are JSON), so the lines cannot run into each other.
 */
function answerKey(
  route: string,
  endpoint: Endpoint,
  caller: unknown,
  input: string,
  versions: readonly number[],
): string {
  return `${route}\n${viewerOf(endpoint, caller)}\n${input}\n${versions.join(',')}`;
}

/**
 * A user's or a plugin's line of the key, made once for each caller object (the authenticator keeps one while
 * nothing changed), each kind in its own map, so a line is never taken for another kind of route.
 */
const userLines = new WeakMap<UserViewer, string>();
const pluginLines = new WeakMap<PluginViewer, string>();

function lineOf<V extends object>(lines: WeakMap<V, string>, caller: V, make: (caller: V) => string): string {
  let line = lines.get(caller);
  if (line === undefined) {
    line = JSON.stringify(make(caller));
    lines.set(caller, line);
  }
  return line;
}

function viewerOf(endpoint: Endpoint, caller: unknown): string {
  if (endpoint.auth === 'user' || endpoint.auth === 'training') {
    return lineOf(userLines, caller as UserViewer, (user) => `u:${user.userId}`);
  }
  if (endpoint.auth === 'plugin') {
    return lineOf(pluginLines, caller as PluginViewer, (plugin) => `p:${plugin.clientId}:${plugin.orgIds.join(',')}`);
  }
  return JSON.stringify(endpoint.auth === 'none' ? '-' : `${endpoint.auth}:${String(caller)}`);
}
