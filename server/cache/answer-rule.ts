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
  lookup(caller: unknown, params: unknown, query: unknown, mark: string | undefined): Promise<Lookup>;
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
  return {
    async lookup(caller, params, query, mark) {
      // The versions are read before the data, so a kept answer is never older than its key says.
      const versions = await currentVersions(db, mark);
      const key = answerKey(
        endpoint,
        caller,
        params,
        query,
        reads.map((area) => versions[area]),
      );
      return { key, kept: answers.get(key) };
    },
    store(key, status, answer, link) {
      answers.set(key, status, answer, link);
    },
  };
}

/** Route, viewer, validated input and data versions: equal keys are equal answers. */
function answerKey(
  endpoint: Endpoint,
  caller: unknown,
  params: unknown,
  query: unknown,
  versions: readonly number[],
): string {
  let viewer = '-';
  if (endpoint.auth === 'user' || endpoint.auth === 'training') viewer = `u:${(caller as UserViewer).userId}`;
  else if (endpoint.auth === 'plugin') {
    const plugin = caller as PluginViewer;
    viewer = `p:${plugin.clientId}:${plugin.orgIds.join(',')}`;
  } else if (endpoint.auth !== 'none') viewer = `${endpoint.auth}:${String(caller)}`;
  return JSON.stringify([endpoint.method, endpoint.path, viewer, params ?? null, query ?? null, versions]);
}
