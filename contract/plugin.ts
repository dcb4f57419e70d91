/**
 * Sections 2.5-2.9 and 4.2 of the interface: what an AI plugin reads and
 * writes under /plugin/v2/ai. Where the interface shows no element shape or
 * leaves a rule open, the decision is written next to the schema.
 */
import { z } from 'zod/mini';
import { clientIdFitsEnvironment, newClientIdSchema } from './client-id.ts';
import { idListParamSchema, idSchema, notBlank } from './common.ts';
import { pluginPermissionSchema, pluginPermissions } from './plugin-permissions.ts';
import { environmentSchema } from './sandbox.ts';

/** Bounds of plugin input (section 8 is silent; decided). */
export const pluginLimits = {
  name: 200,
  type: 64,
  image: 2048,
  description: 5000,
  alignments: 1000,
  tags: 1000,
  additionalInfo: 50,
  infoTitle: 200,
  infoDescription: 5000,
} as const;

const text = (max: number) => z.string().check(z.maxLength(max, `must be at most ${max} characters`), notBlank());

/** orgIds of 4.2: comma-separated; omitted means every org the plugin has access to. Unknown parameters are refused. */
export const orgIdsQuerySchema = z.strictObject({ orgIds: z.optional(idListParamSchema) });

/** userId and userIds of 4.2 reads, combined; at least one of them is required (decided). */
export const userIdsQuerySchema = z
  .strictObject({ userId: z.optional(idSchema), userIds: z.optional(idListParamSchema) })
  .check(
    z.refine((query) => query.userId !== undefined || query.userIds !== undefined, {
      message: 'name the users: userId or userIds (comma-separated)',
      path: ['userId'],
    }),
  );
export type UserIdsQuery = z.infer<typeof userIdsQuerySchema>;

/** 2.5 Learning record entry: one per student of the orgs asked for. */
export const learningRecordSchema = z.object({
  userId: z.string(),
  dutyTitle: z.string(),
  afsc: z.string(),
  education: z.string(),
});
export type LearningRecord = z.infer<typeof learningRecordSchema>;
export const learningRecordListSchema = z.array(learningRecordSchema);

/** An ISO 8601 date (2026-01-05) or date-time with offset (2026-01-05T10:00:00Z). */
export const isoDateSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'must be an ISO date (YYYY-MM-DD) or date-time with offset (YYYY-MM-DDTHH:MM:SSZ)',
});

/** 2.6 Badge assertion, as the service answers it. */
export const badgeAssertionSchema = z.object({
  userId: z.string(),
  badgeId: z.string(),
  name: z.string(),
  type: z.string(),
  image: z.string(),
  issuedOn: z.string(),
  issuerName: z.string(),
  lessonId: z.optional(z.string()),
  classId: z.optional(z.string()),
  versionId: z.optional(z.string()),
});
export type BadgeAssertion = z.infer<typeof badgeAssertionSchema>;
export const badgeAssertionListSchema = z.array(badgeAssertionSchema);

/**
 * 2.6 as a request body. lessonId, classId and versionId are required when the
 * badge is from the service (a course or objective badge of the service's
 * catalogue; checked by the service) and, when given, go together.
 */
export const createBadgeAssertionBodySchema = z.strictObject({
  userId: idSchema,
  badgeId: idSchema,
  name: text(pluginLimits.name),
  type: text(pluginLimits.type),
  image: text(pluginLimits.image),
  issuedOn: isoDateSchema,
  issuerName: text(pluginLimits.name),
  lessonId: z.optional(idSchema),
  classId: z.optional(idSchema),
  versionId: z.optional(idSchema),
});
export type CreateBadgeAssertionBody = z.infer<typeof createBadgeAssertionBodySchema>;

/** Element of criteria.objective (given for course badges; objective badges list their own objective). */
export const objectiveEntrySchema = z.object({
  objectiveId: z.string(),
  objectiveName: z.string(),
  objectiveDescription: z.string(),
});
export type ObjectiveEntry = z.infer<typeof objectiveEntrySchema>;

/** Element of criteria.module (given for objective badges; course badges list their course's modules). */
export const moduleEntrySchema = z.object({
  moduleId: z.string(),
  moduleName: z.string(),
  moduleDescription: z.string(),
});
export type ModuleEntry = z.infer<typeof moduleEntrySchema>;

export const badgeCriteriaSchema = z.object({
  module: z.array(moduleEntrySchema),
  objective: z.array(objectiveEntrySchema),
});

/** 2.7 Badge. `proficiency` is sent on every badge, listings included. */
export const badgeSchema = z.object({
  badgeId: z.string(),
  name: z.string(),
  type: z.string(),
  image: z.string(),
  proficiency: z.number(),
  description: z.optional(z.string()),
  criteria: badgeCriteriaSchema,
  alignments: z.optional(z.string()),
  tags: z.optional(z.string()),
  courseId: z.optional(z.string()),
  courseVersion: z.optional(z.string()),
});
export type Badge = z.infer<typeof badgeSchema>;
export const badgeListSchema = z.array(badgeSchema);

/** 4.2 Create a badge: name, type, image and proficiency required. */
export const createBadgeBodySchema = z.strictObject({
  name: text(pluginLimits.name),
  type: text(pluginLimits.type),
  image: text(pluginLimits.image),
  proficiency: z.number().check(z.minimum(0, 'must not be negative')),
  description: z.optional(z.string().check(z.maxLength(pluginLimits.description))),
  alignments: z.optional(z.string().check(z.maxLength(pluginLimits.alignments))),
  tags: z.optional(z.string().check(z.maxLength(pluginLimits.tags))),
});
export type CreateBadgeBody = z.infer<typeof createBadgeBodySchema>;

/**
 * 2.8 Other skill. `userId` is our addition (extension): the read takes
 * several users, and without it the answer could not be told apart.
 */
export const otherSkillSchema = z.object({
  selfClaimedExpertise: z.string(),
  level: z.string(),
  userId: z.string(),
});
export type OtherSkill = z.infer<typeof otherSkillSchema>;
export const otherSkillListSchema = z.array(otherSkillSchema);

/** 2.9 Additional info entry. */
export const additionalInfoEntrySchema = z.object({
  title: text(pluginLimits.infoTitle),
  description: z.string().check(z.maxLength(pluginLimits.infoDescription)),
});
export type AdditionalInfoEntry = z.infer<typeof additionalInfoEntrySchema>;
export const additionalInfoListSchema = z.array(z.object({ title: z.string(), description: z.string() }));

/** 4.2 Additional info: entries are added to what this plugin wrote about the user before. */
export const additionalInfoBodySchema = z.strictObject({
  userId: idSchema,
  additionalInfo: z
    .array(additionalInfoEntrySchema)
    .check(
      z.minLength(1, 'must hold at least one entry'),
      z.maxLength(pluginLimits.additionalInfo, `must hold at most ${pluginLimits.additionalInfo} entries`),
    ),
});
export type AdditionalInfoBody = z.infer<typeof additionalInfoBodySchema>;

// ------------------------------------------------ administration (extension)

/**
 * A mission planner address: http(s), at most 2048 characters; null switches
 * it off. A production service takes only https:// (see isHttpsAddress): every
 * call carries the plugin's Basic credentials.
 */
export const pluginAddressSchema = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) address' })
  .check(z.maxLength(2048, 'must be at most 2048 characters'));

/** Whether a plugin address keeps the credentials sent to it on TLS (what a production service requires). */
export function isHttpsAddress(address: string): boolean {
  return URL.canParse(address) && new URL(address).protocol === 'https:';
}

export const httpsOnlyMessage =
  'must be an https:// address: a production service sends the plugin’s credentials to it';

/** A plugin as an administrator sees it: never its secret. */
export const adminPluginSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  environment: environmentSchema,
  permissions: z.array(pluginPermissionSchema),
  orgIds: z.array(z.string()),
  capabilitiesUrl: z.nullable(z.string()),
  candidatesUrl: z.nullable(z.string()),
});
export type AdminPlugin = z.infer<typeof adminPluginSchema>;
export const adminPluginListSchema = z.array(adminPluginSchema);

export const pluginParamsSchema = z.strictObject({ clientId: idSchema });

/** An org an administrator can grant a plugin. */
export const adminOrgListSchema = z.array(z.object({ orgId: z.string(), name: z.string() }));

/**
 * Register a plugin. Without clientId one is made; a sandbox plugin's id
 * starts with `sandbox-` and a production plugin's must not. Without
 * environment the plugin is for the environment the service runs as.
 */
export const createPluginBodySchema = z
  .strictObject({
    name: text(pluginLimits.name),
    environment: z.optional(environmentSchema),
    clientId: z.optional(newClientIdSchema),
  })
  .check(clientIdFitsEnvironment('plugin'));
export type CreatePluginBody = z.infer<typeof createPluginBodySchema>;

/** The secret is shown once, when it is made. */
export const pluginWithSecretSchema = z.object({ plugin: adminPluginSchema, clientSecret: z.string() });
export type PluginWithSecret = z.infer<typeof pluginWithSecretSchema>;

/** Administration request bodies: unknown keys are refused. */
export const setPluginPermissionsBodySchema = z.strictObject({
  permissions: z.array(pluginPermissionSchema).check(z.maxLength(pluginPermissions.length)),
});
export const setPluginOrgsBodySchema = z.strictObject({ orgIds: z.array(idSchema).check(z.maxLength(200)) });
export const setPluginAddressesBodySchema = z.strictObject({
  capabilitiesUrl: z.nullable(pluginAddressSchema),
  candidatesUrl: z.nullable(pluginAddressSchema),
});
export type SetPluginAddressesBody = z.infer<typeof setPluginAddressesBodySchema>;
