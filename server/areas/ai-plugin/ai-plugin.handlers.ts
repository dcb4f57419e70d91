/**
 * Section 4.2: what a plugin may read and write. Org access is enforced here:
 * orgIds outside the plugin's orgs are refused with 403 org_forbidden naming
 * the org; users outside them are answered exactly as unknown users (404), so
 * a plugin can neither read another org's data nor learn who exists there.
 */
import { randomUUID } from 'node:crypto';
import { type ErrorIssue, limits } from '../../../contract/common.ts';
import type {
  AdditionalInfoBody,
  AdditionalInfoEntry,
  Badge,
  BadgeAssertion,
  CreateBadgeAssertionBody,
  CreateBadgeBody,
  LearningRecord,
  OtherSkill,
  UserIdsQuery,
} from '../../../contract/plugin.ts';
import type { PluginCaller } from '../../access/authenticator.ts';
import { bump } from '../../data/versions.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, HttpError } from '../../errors.ts';
import { type PluginRepo, pluginRepo } from './ai-plugin.repo.ts';

const placeFields = ['lessonId', 'classId', 'versionId'] as const;

export function pluginHandlers(deps: Deps) {
  const reads = pluginRepo(deps.db.q);

  /** The orgs a request reaches: those named (each must be the plugin's) or, when none are, all of the plugin's. */
  function orgsOf(caller: PluginCaller, requested: readonly string[] | undefined): string[] {
    if (requested === undefined) return [...caller.orgIds];
    const allowed = new Set(caller.orgIds);
    for (const orgId of requested) {
      if (!allowed.has(orgId)) {
        throw new HttpError(403, 'org_forbidden', `The plugin "${caller.clientId}" has no access to org "${orgId}"`, [
          { path: 'query.orgIds', message: `names org "${orgId}", which the plugin has no access to` },
        ]);
      }
    }
    return [...new Set(requested)];
  }

  /** The users named, each of whom must belong to one of the plugin's orgs (404 otherwise). */
  async function usersOf(caller: PluginCaller, query: UserIdsQuery): Promise<string[]> {
    const ids = [...new Set([...(query.userId !== undefined ? [query.userId] : []), ...(query.userIds ?? [])])];
    if (ids.length > limits.idList) {
      throw badRequest(`Name at most ${limits.idList} users in one request`, [
        { path: 'query.userIds', message: `must name at most ${limits.idList} users together with userId` },
      ]);
    }
    const visible = await reads.visibleUsers(ids, caller.orgIds);
    const missing = ids.filter((id) => !visible.has(id));
    if (missing.length > 0) throw usersNotFound(caller, missing);
    return ids;
  }

  /** The checks of an assertion, then its insert: all inside the write's transaction. */
  async function writeAssertion(
    repo: PluginRepo,
    caller: PluginCaller,
    body: CreateBadgeAssertionBody,
  ): Promise<BadgeAssertion> {
    if ((await repo.visibleUsers([body.userId], caller.orgIds)).size === 0) throw usersNotFound(caller, [body.userId]);
    const badge = await repo.badge(body.badgeId);
    // A badge is "from the service" when it belongs to one of the service's courses.
    const fromService = badge !== undefined && badge.course_id !== null;
    const given = placeFields.filter((field) => body[field] !== undefined);
    if ((fromService || given.length > 0) && given.length < placeFields.length) {
      const missing = placeFields.filter((field) => body[field] === undefined);
      const why = fromService
        ? `badge "${body.badgeId}" is from the service`
        : 'lessonId, classId and versionId go together';
      throw badRequest(
        `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required: ${why}`,
        missing.map((field): ErrorIssue => ({ path: `body.${field}`, message: `is required: ${why}` })),
      );
    }
    if (body.classId !== undefined && body.lessonId !== undefined && body.versionId !== undefined) {
      const enrolled = await repo.enrollment(body.userId, body.classId);
      if (!enrolled) {
        throw new HttpError(404, 'not_found', `Class "${body.classId}" is not a class of user "${body.userId}"`, [
          { path: 'body.classId', message: 'is not a class the user is enrolled in' },
        ]);
      }
      const lesson = await repo.lesson(body.lessonId);
      if (!lesson || lesson.course_id !== enrolled.course_id) {
        throw new HttpError(
          404,
          'not_found',
          `Lesson "${body.lessonId}" is not a lesson of the course of class "${body.classId}"`,
          [{ path: 'body.lessonId', message: `is not a lesson of the course of class "${body.classId}"` }],
        );
      }
      if (body.versionId !== enrolled.course_version) {
        throw badRequest(`versionId must be the version of course "${enrolled.course_id}"`, [
          {
            path: 'body.versionId',
            message: `must be "${enrolled.course_version}", the version of course "${enrolled.course_id}"`,
          },
        ]);
      }
      if (fromService && badge.course_id !== enrolled.course_id) {
        throw badRequest(`Badge "${body.badgeId}" belongs to another course than class "${body.classId}"`, [
          {
            path: 'body.classId',
            message: `is a class of course "${enrolled.course_id}", not of the badge's course`,
          },
        ]);
      }
    }
    const assertion: BadgeAssertion = {
      userId: body.userId,
      badgeId: body.badgeId,
      name: body.name,
      type: body.type,
      image: body.image,
      issuedOn: body.issuedOn,
      issuerName: body.issuerName,
      ...(body.lessonId !== undefined ? { lessonId: body.lessonId } : {}),
      ...(body.classId !== undefined ? { classId: body.classId } : {}),
      ...(body.versionId !== undefined ? { versionId: body.versionId } : {}),
    };
    await repo.addAssertion({ ...assertion, assertedBy: caller.clientId, createdAt: deps.now() });
    return assertion;
  }

  return {
    async recordData(caller: PluginCaller, orgIds: readonly string[] | undefined): Promise<LearningRecord[]> {
      return reads.records(orgsOf(caller, orgIds));
    },

    async listAssertions(caller: PluginCaller, query: UserIdsQuery): Promise<BadgeAssertion[]> {
      return reads.assertionsOf(await usersOf(caller, query));
    },

    /** The checks and the insert are one transaction: the user, class and lesson cannot change between them. */
    createAssertion(caller: PluginCaller, body: CreateBadgeAssertionBody): Promise<BadgeAssertion> {
      return deps.db.transaction(async (tx) => {
        const assertion = await writeAssertion(pluginRepo(tx), caller, body);
        await bump(tx, 'badges');
        return assertion;
      });
    },

    createBadge(caller: PluginCaller, body: CreateBadgeBody): Promise<Badge[]> {
      return deps.db.transaction(async (tx) => {
        const repo = pluginRepo(tx);
        const badgeId = `badge-${randomUUID()}`;
        await repo.createBadge({ ...body, badgeId, createdBy: caller.clientId, createdAt: deps.now() });
        await bump(tx, 'badges');
        return repo.badgesById([badgeId]);
      });
    },

    async courseBadges(
      caller: PluginCaller,
      kind: 'course' | 'objective',
      orgIds: readonly string[] | undefined,
    ): Promise<Badge[]> {
      return reads.courseBadges(kind, orgsOf(caller, orgIds));
    },

    async otherSkills(caller: PluginCaller, query: UserIdsQuery): Promise<OtherSkill[]> {
      return reads.otherSkills(await usersOf(caller, query));
    },

    /** Adds the entries and answers every entry this plugin has written about the user, in one transaction. */
    additionalInfo(caller: PluginCaller, body: AdditionalInfoBody): Promise<AdditionalInfoEntry[]> {
      return deps.db.transaction(async (tx) => {
        const repo = pluginRepo(tx);
        if ((await repo.visibleUsers([body.userId], caller.orgIds)).size === 0) {
          throw usersNotFound(caller, [body.userId]);
        }
        await repo.addInfo(body.userId, caller.clientId, body.additionalInfo, deps.now());
        await bump(tx, 'plugin_data');
        return repo.infoOf(body.userId, caller.clientId);
      });
    },
  };
}

function usersNotFound(caller: PluginCaller, userIds: readonly string[]): HttpError {
  const shown = userIds
    .slice(0, 5)
    .map((id) => `"${id}"`)
    .join(', ');
  const more = userIds.length > 5 ? ` and ${userIds.length - 5} more` : '';
  return new HttpError(
    404,
    'not_found',
    `No user ${shown}${more} in the orgs the plugin "${caller.clientId}" has access to`,
  );
}
