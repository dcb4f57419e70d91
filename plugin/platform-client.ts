/**
 * How the sample plugin reads the platform: the service's /plugin/v2/ai
 * endpoints with its own Basic credentials, every answer parsed with the
 * contract. An API set the administrator has not granted (403
 * missing_permission) reads as "no data of that kind", so a plugin with
 * fewer permissions still answers, on less evidence.
 */
import { basicHeader } from '../contract/basic-auth.ts';
import type { Endpoint, ResponseOf, UrlInput } from '../contract/endpoint.ts';
import { endpointUrl } from '../contract/endpoint-url.ts';
import { aiPluginEndpoints as ai } from '../contract/endpoints/ai-plugin.ts';
import type { OtherSkill } from '../contract/plugin.ts';
import type { PluginConfig } from './config.ts';
import type { Catalogue, Person } from './ranking.ts';

/** The platform failed or answered something unexpected. */
export class PlatformError extends Error {}

/** Users per read: the platform takes at most 200 ids in one list. */
const usersPerRead = 100;

export function platformClient(config: PluginConfig) {
  const authorization = basicHeader(config.PLUGIN_CLIENT_ID, config.PLUGIN_CLIENT_SECRET);

  /** Reads an endpoint; undefined when the plugin lacks the API set. */
  async function read<E extends Endpoint>(endpoint: E, input: UrlInput<E>): Promise<ResponseOf<E> | undefined> {
    let response: Response;
    try {
      response = await fetch(endpointUrl(endpoint, input, config.PLATFORM_URL), {
        headers: { Authorization: authorization, Accept: 'application/json' },
        signal: AbortSignal.timeout(config.PLATFORM_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PlatformError(
        `The platform did not answer ${endpoint.path}: ${error instanceof Error ? error.message : error}`,
      );
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (response.status === 403 && isCode(body, 'missing_permission')) return undefined;
    if (!response.ok) {
      throw new PlatformError(`The platform answered ${response.status} to ${endpoint.path}: ${messageOf(body)}`);
    }
    const parsed = endpoint.response.safeParse(body);
    if (!parsed.success) throw new PlatformError(`The platform's answer to ${endpoint.path} has an unexpected shape`);
    return parsed.data as ResponseOf<E>;
  }

  /** Reads a list of the users named in `userIds`, a part of them at a time (undefined without the API set). */
  async function perUsers<T>(
    userIds: readonly string[],
    readPart: (query: { userIds: string }) => Promise<T[] | undefined>,
  ): Promise<T[] | undefined> {
    const out: T[] = [];
    for (let start = 0; start < userIds.length; start += usersPerRead) {
      const part = await readPart({ userIds: userIds.slice(start, start + usersPerRead).join(',') });
      if (part === undefined) return undefined;
      out.push(...part);
    }
    return out;
  }

  return {
    /** Everyone the plugin may consider, with what it knows of them, and the badges the platform offers. */
    async load(): Promise<{ people: Person[]; catalogue: Catalogue }> {
      const records = (await read(ai.recordData, {})) ?? [];
      const userIds = records.map((r) => r.userId);
      const [courseBadges, objectiveBadges, assertions, skills] = await Promise.all([
        read(ai.courseBadges, {}),
        read(ai.objectiveBadges, {}),
        perUsers(userIds, (query) => read(ai.listBadgeAssertions, { query })),
        perUsers(userIds, (query) => read(ai.otherSkills, { query })),
      ]);
      const badgesOf = new Map<string, Set<string>>();
      for (const a of assertions ?? []) {
        const set = badgesOf.get(a.userId) ?? new Set<string>();
        set.add(a.badgeId);
        badgesOf.set(a.userId, set);
      }
      const skillsOf = new Map<string, OtherSkill[]>();
      for (const s of skills ?? []) skillsOf.set(s.userId, [...(skillsOf.get(s.userId) ?? []), s]);
      return {
        people: records.map((record) => ({
          record,
          badgeIds: badgesOf.get(record.userId) ?? new Set(),
          skills: skillsOf.get(record.userId) ?? [],
        })),
        catalogue: { courseBadges: courseBadges ?? [], objectiveBadges: objectiveBadges ?? [] },
      };
    },
  };
}

function isCode(body: unknown, code: string): boolean {
  return typeof body === 'object' && body !== null && (body as { error?: { code?: unknown } }).error?.code === code;
}

function messageOf(body: unknown): string {
  const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
  return typeof message === 'string' ? message.slice(0, 200) : 'no error message';
}
