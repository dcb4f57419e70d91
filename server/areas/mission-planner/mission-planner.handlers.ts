/**
 * Mission planner search (section 4.2): the service sends the capabilities
 * or candidate request to each plugin offered, in parallel, with the plugin's
 * Basic header and a deadline, and reports each plugin's answer or failure,
 * with what it left out of the answer (plugin-answer.ts). A candidateId is
 * read as a platform userId; candidates who are not users of the plugin's
 * own orgs are left out (and said so): a search reaches only the data sets
 * the plugin may access.
 */

import { basicHeader } from '../../../contract/basic-auth.ts';
import type {
  CandidatePerson,
  CandidatesRequest,
  CandidatesResponse,
  CapabilitiesRequest,
  PlannerCandidatesResult,
  PlannerCapabilitiesResult,
  PlannerNames,
  PlannerNamesQuery,
  PlannerPlugin,
  PlannerWarning,
} from '../../../contract/mission-planner.ts';
import { isHttpsAddress, isLocalAddress } from '../../../contract/plugin.ts';
import type { UserCaller } from '../../access/authenticator.ts';
import { pluginWaitBound } from '../../config.ts';
import { openSecret, sealingKey } from '../../data/secrets.ts';
import { bump } from '../../data/versions.ts';
import type { Deps } from '../../deps.ts';
import { anonymousNotAllowed, forbidden, HttpError } from '../../errors.ts';
import { missionPlannerRepo, type PersonRow, type PlannerPluginRow } from './mission-planner.repo.ts';
import {
  type AnswerReading,
  type CandidatesAnswer,
  readCandidatesAnswer,
  readCapabilitiesAnswer,
  type Warnings,
} from './plugin-answer.ts';
import { callPlugin, type PluginOutcome, pluginWaits } from './plugin-client.ts';

/**
 * No transaction is ever held open across a call to a plugin: the one write,
 * remembering whom a search named to the trainer, follows the answer.
 */
export function missionPlannerHandlers(deps: Deps) {
  const { settings } = deps;
  const repo = missionPlannerRepo(deps.db.q);
  const waits = pluginWaits(pluginWaitBound(settings));

  /**
   * Trainers, signed in to an app an administrator granted the training scope,
   * may plan missions; nobody else (the answers name people). The scope is
   * checked before this, by the endpoints' auth kind (training).
   */
  async function authorize(caller: UserCaller): Promise<void> {
    if (caller.anonymous) {
      throw anonymousNotAllowed('Mission planner search needs a signed-up account, not an anonymous one');
    }
    if (!(await repo.isTrainer(caller.userId))) throw forbidden('Mission planner search is for trainers');
  }

  /**
   * The plugins offered. In production only those whose two addresses are
   * https:// at a public address: the call carries the plugin's credentials,
   * and an address kept from before the rule (or written by a sandbox on the
   * same database) must not receive them in clear, nor send the service's
   * requests to this machine or a private network.
   */
  async function offeredPlugins(): Promise<PlannerPluginRow[]> {
    const offered = await repo.offeredPlugins(settings.PLATFORM_ENV);
    if (settings.PLATFORM_ENV === 'sandbox') return offered;
    const callable = (address: string) => isHttpsAddress(address) && !isLocalAddress(address);
    return offered.filter((plugin) => callable(plugin.capabilities_url) && callable(plugin.candidates_url));
  }

  async function choose(
    pluginIds: readonly string[] | undefined,
    where = 'body.pluginIds',
  ): Promise<PlannerPluginRow[]> {
    const offered = await offeredPlugins();
    if (pluginIds === undefined) return offered;
    const byId = new Map(offered.map((plugin) => [plugin.client_id, plugin]));
    const unknown = pluginIds.filter((id) => !byId.has(id));
    if (unknown.length > 0) {
      throw new HttpError(
        404,
        'not_found',
        `No plugin offered for mission planner search is called ${unknown.map((id) => `"${id}"`).join(', ')}`,
        [{ path: where, message: 'names a plugin that is not offered for mission planner search' }],
      );
    }
    return [...new Set(pluginIds)].map((id) => byId.get(id)).filter((p): p is PlannerPluginRow => p !== undefined);
  }

  const key = sealingKey(settings.SECRETS_KEY);
  // The start refuses a SECRETS_KEY that does not open every sealed secret (server/data/start-checks.ts).
  const authorization = (plugin: PlannerPluginRow) =>
    basicHeader(plugin.client_id, openSecret(plugin.secret_sealed, key, plugin.client_id));

  /**
   * Asks every plugin at the same time, as one of the bounded waits, at the address `url` picks; each answer is
   * read by `read` and turned into the caller's result by `settle`, with the plugin's id and name.
   */
  function askEach<T, R>(
    plugins: readonly PlannerPluginRow[],
    url: (plugin: PlannerPluginRow) => string,
    body: unknown,
    read: (json: unknown) => AnswerReading<T>,
    settle: (
      who: { pluginId: string; name: string },
      outcome: PluginOutcome<T>,
      plugin: PlannerPluginRow,
    ) => Promise<R> | R,
  ): Promise<R[]> {
    return waits.run(() =>
      Promise.all(
        plugins.map(async (plugin) => {
          const outcome = await callPlugin(
            { url: url(plugin), authorization: authorization(plugin), body, timeoutMs: settings.PLUGIN_TIMEOUT_MS },
            read,
          );
          return settle({ pluginId: plugin.client_id, name: plugin.name }, outcome, plugin);
        }),
      ),
    );
  }

  return {
    async plugins(caller: UserCaller): Promise<PlannerPlugin[]> {
      await authorize(caller);
      return (await offeredPlugins()).map((plugin) => ({
        pluginId: plugin.client_id,
        name: plugin.name,
      }));
    },

    async capabilities(
      caller: UserCaller,
      pluginIds: readonly string[] | undefined,
      request: CapabilitiesRequest,
    ): Promise<{ results: PlannerCapabilitiesResult[] }> {
      await authorize(caller);
      const plugins = await choose(pluginIds);
      const results = await askEach(
        plugins,
        (plugin) => plugin.capabilities_url,
        request,
        (json) => readCapabilitiesAnswer(json, request.positions),
        (who, outcome): PlannerCapabilitiesResult =>
          outcome.ok
            ? { ...who, status: 'ok', capabilities: outcome.value, warnings: outcome.warnings.list() }
            : { ...who, status: 'failed', failure: outcome.failure },
      );
      return { results };
    },

    async candidates(
      caller: UserCaller,
      pluginIds: readonly string[] | undefined,
      request: CandidatesRequest,
    ): Promise<{ results: PlannerCandidatesResult[] }> {
      await authorize(caller);
      const plugins = await choose(pluginIds);
      const results = await askEach(
        plugins,
        (plugin) => plugin.candidates_url,
        request,
        (json) => readCandidatesAnswer(json, request.positions),
        async (who, outcome, plugin): Promise<PlannerCandidatesResult> => {
          if (!outcome.ok) return { ...who, status: 'failed', failure: outcome.failure };
          const orgIds = await repo.orgsOf(plugin.client_id);
          const kept = await withinOrgs(outcome.value, orgIds, outcome.warnings);
          await remember(caller.userId, plugin.client_id, kept.people);
          return { ...who, status: 'ok', ...kept, people: await asSeenBy(caller.userId, kept.people) };
        },
      );
      return { results };
    },

    /**
     * Names for a plan reopened from the ids it kept: the people among them
     * who are users of the plugin's orgs (as a search keeps them) and in an
     * org or a class the caller trains or named to the caller by a search
     * through that plugin, and the
     * courses and objectives of the catalogue the plugin reads.
     */
    async names(caller: UserCaller, query: PlannerNamesQuery): Promise<PlannerNames> {
      await authorize(caller);
      const [plugin] = await choose([query.pluginId], 'query.pluginId');
      const orgIds = plugin ? await repo.orgsOf(plugin.client_id) : [];
      const unique = (ids: readonly string[] | undefined) => [...new Set(ids ?? [])];
      const [people, courses, objectives] = await Promise.all([
        // Only people the trainer trains for: a kept plan is no way to read anyone's name, AFSC and duty title.
        repo.peopleIn(unique(query.userIds), orgIds, { userId: caller.userId, pluginId: query.pluginId }),
        repo.coursesIn(unique(query.courseIds), orgIds),
        repo.objectivesIn(unique(query.objectiveIds), orgIds),
      ]);
      return {
        people: await asSeenBy(caller.userId, people),
        courses: courses.map((c) => ({ courseId: c.id, name: c.name })),
        objectives: objectives.map((o) => ({ objectiveId: o.id, name: o.name })),
      };
    },
  };

  /**
   * Keeps only candidates who are users of the plugin's orgs (a candidateId is
   * read as a platform userId), says who they are, and reports each one left
   * out by its place in the answer, never by the id it named.
   */
  async function withinOrgs(
    answer: CandidatesAnswer,
    orgIds: readonly string[],
    warnings: Warnings,
  ): Promise<{ candidates: CandidatesResponse; people: PersonRow[]; warnings: PlannerWarning[] }> {
    const named = [
      ...new Set(
        answer.positions.flatMap((p) =>
          [...p.readyCandidates, ...p.recommendedCandidates].map((c) => c.candidate.candidateId),
        ),
      ),
    ];
    const people = await repo.peopleIn(named, orgIds);
    const allowed = new Set(people.map((person) => person.user_id));
    const keep = (placed: CandidatesAnswer['positions'][number]['readyCandidates']) =>
      placed.flatMap(({ path, candidate }) => {
        if (allowed.has(candidate.candidateId)) return [candidate];
        warnings.add(
          `${path}.candidateId`,
          'is not a user of the orgs this plugin may access (a candidateId is read as a platform userId); the candidate was left out',
        );
        return [];
      });
    const positions = answer.positions.map((position) => ({
      title: position.title,
      readyCandidates: keep(position.readyCandidates),
      recommendedCandidates: keep(position.recommendedCandidates),
    }));
    return { candidates: { positions }, people, warnings: warnings.list() };
  }

  /**
   * A search told the trainer who these people are; remembered, so their
   * names come back when the plan is reopened elsewhere.
   */
  async function remember(trainerId: string, pluginId: string, people: readonly PersonRow[]): Promise<void> {
    if (people.length === 0) return;
    await deps.db.transaction(async (tx) => {
      if (
        await missionPlannerRepo(tx).rememberNamed(
          trainerId,
          pluginId,
          people.map((p) => p.user_id),
        )
      ) {
        await bump(tx, 'plans');
      }
    });
  }

  /** Each person as the trainer reads them: whether they are a student of a class the trainer trains. */
  async function asSeenBy(trainerId: string, people: readonly PersonRow[]): Promise<CandidatePerson[]> {
    const students = await repo.studentsOf(
      trainerId,
      people.map((p) => p.user_id),
    );
    return people.map((row) => toPerson(row, students.has(row.user_id)));
  }
}

function toPerson(row: PersonRow, inYourClasses: boolean): CandidatePerson {
  return {
    userId: row.user_id,
    displayName: [row.display_rank, row.first_name, row.last_name].filter((part) => part && part.length > 0).join(' '),
    afsc: row.afsc,
    dutyTitle: row.display_duty_title ?? row.job_title ?? '',
    inYourClasses,
  };
}
