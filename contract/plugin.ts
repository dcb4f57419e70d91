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

/** Names that only ever mean this machine or a private network. */
const localNames = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/;

function ipv4Local([a = 0, b = 0]: readonly number[]): boolean {
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local: cloud metadata services live here
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224 // multicast and reserved
  );
}

/** The groups of an IPv6 literal (as URL gives it, compressed, without brackets), or undefined. */
function ipv6Groups(host: string): number[] | undefined {
  const [head = '', tail] = host.split('::');
  const part = (text: string) => (text === '' ? [] : text.split(':'));
  let left = part(head);
  let right = tail === undefined ? [] : part(tail);
  // A trailing dotted IPv4 (::ffff:1.2.3.4) counts as two groups.
  const last = (tail === undefined ? left : right).at(-1);
  if (last?.includes('.')) {
    const bytes = last.split('.').map(Number);
    const groups = [((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0), ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0)];
    const hex = groups.map((group) => group.toString(16));
    if (tail === undefined) left = [...left.slice(0, -1), ...hex];
    else right = [...right.slice(0, -1), ...hex];
  }
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const all = [...left, ...Array.from({ length: fill }, () => '0'), ...right].map((group) =>
    Number.parseInt(group, 16),
  );
  return all.length === 8 && all.every((group) => Number.isInteger(group)) ? all : undefined;
}

/**
 * Whether an address points at this machine, a private network, or a
 * link-local one (169.254.169.254, the cloud metadata service): loopback,
 * RFC 1918, carrier-grade NAT, link-local, unique-local IPv6, multicast, and
 * names that only mean a local host (localhost, *.local, *.internal, a name
 * of one label). IP literals in any spelling URL accepts (decimal, hex,
 * IPv4-mapped IPv6) are caught, since URL normalizes them first. A public
 * name that resolves to a private address is not (see
 * docs/interface-decisions.md).
 */
export function isLocalAddress(address: string): boolean {
  if (!URL.canParse(address)) return false;
  const host = new URL(address).hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) {
    const groups = ipv6Groups(host.slice(1, -1));
    if (!groups) return true;
    const [g0 = 0, , , , , g5 = 0, g6 = 0, g7 = 0] = groups;
    if (groups.slice(0, 7).every((group) => group === 0) && (g7 === 0 || g7 === 1)) return true; // :: and ::1
    if (groups.slice(0, 5).every((group) => group === 0) && g5 === 0xffff) return ipv4Local([g6 >> 8, g6 & 0xff]);
    return (g0 & 0xfe00) === 0xfc00 || (g0 & 0xffc0) === 0xfe80 || (g0 & 0xff00) === 0xff00;
  }
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return ipv4Local(host.split('.').map(Number));
  return !host.includes('.') || localNames.test(host);
}

export const localAddressMessage =
  'must not point at this machine, a private network or a link-local address (loopback, 10/8, 172.16/12, 192.168/16, 169.254/16, fc00::/7, localhost, *.local, *.internal): a production service would send the plugin’s credentials and its requests there';

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
    /** Granted in the same transaction: a refusal of any of them registers nothing. */
    permissions: z.optional(setPluginPermissionsBodySchema.shape.permissions),
    orgIds: z.optional(setPluginOrgsBodySchema.shape.orgIds),
    addresses: z.optional(setPluginAddressesBodySchema),
  })
  .check(clientIdFitsEnvironment('plugin'));
export type CreatePluginBody = z.infer<typeof createPluginBodySchema>;

/** The secret is shown once, when it is made. */
export const pluginWithSecretSchema = z.object({ plugin: adminPluginSchema, clientSecret: z.string() });
export type PluginWithSecret = z.infer<typeof pluginWithSecretSchema>;
