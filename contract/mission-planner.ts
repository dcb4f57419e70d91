/**
 * Mission planner (section 4.2, 2.11): the two requests the service sends to
 * a plugin and the plugin's answers, plus our documented extension through
 * which the dashboard lists the plugins offered and runs a search. The
 * enumerations the interface closes are zod enums.
 */
import { z } from 'zod/mini';
import { idListParamSchema, idSchema, notBlank } from './common.ts';

export const knowledgeLevels = ['apprentice', 'journeyman', 'craftsman', 'superintendent'] as const;
export const knowledgeLevelSchema = z.enum(knowledgeLevels);
export type KnowledgeLevel = z.infer<typeof knowledgeLevelSchema>;

export const actionTypes = ['course', 'objective'] as const;
export const actionTypeSchema = z.enum(actionTypes);

/** Ordered from lowest to highest: comparisons use the index. */
export const competencyLevels = ['basic', 'intermediate', 'advanced', 'expert'] as const;
export const competencyLevelSchema = z.enum(competencyLevels);
export type CompetencyLevel = z.infer<typeof competencyLevelSchema>;

/** Position of a level in `competencyLevels` (basic 0 ... expert 3). */
export function competencyRank(level: CompetencyLevel): number {
  return competencyLevels.indexOf(level);
}

/**
 * Bounds of a search (section 8 is silent; decided). What a plugin answers is
 * bounded only where the size would burden the service or the dashboard; an
 * answer past a bound is cut there, and the cut reported, never refused.
 */
export const plannerLimits = {
  positions: 20,
  competencies: 50,
  additionalCompetencies: 200,
  count: 1000,
  candidates: 500,
  /** A title a trainer types for a position. */
  title: 200,
  /** Any string a plugin sends (ids, titles, reasons); what it suggests comes back in the next request. */
  pluginText: 1000,
  /** Problems of one plugin's answer reported one by one; past this, counted. */
  warnings: 50,
} as const;

/**
 * A string from a plugin, where the interface says "string": any string, even
 * empty or with spaces around it, bounded in size only.
 */
export const pluginTextSchema = z
  .string()
  .check(z.maxLength(plannerLimits.pluginText, `must be at most ${plannerLimits.pluginText} characters`));

const titleSchema = z
  .string()
  .check(z.maxLength(plannerLimits.title, `must be at most ${plannerLimits.title} characters`), notBlank());

/** An AFSC such as 3D0X2, 1N051 or 11F3: letters and digits, at most 10. */
export const afscSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9]{2,10}$/, 'must be an AFSC: 2 to 10 letters and digits'));

// z.int() as a check, not as the schema: z.int(message) would also word the not-a-number issue with that message.
const countSchema = z
  .number()
  .check(
    z.int('must be a whole number'),
    z.minimum(1, 'must be at least 1'),
    z.maximum(plannerLimits.count, `must be at most ${plannerLimits.count}`),
  );

// ---------------------------------------------------------------- capabilities

export const capabilityPositionSchema = z.object({
  title: titleSchema,
  knowledgeLevel: knowledgeLevelSchema,
  afsc: afscSchema,
  count: countSchema,
  exactMatch: z.boolean(),
});
export type CapabilityPosition = z.infer<typeof capabilityPositionSchema>;

/** Capabilities search request: what the service sends to the plugin. */
export const capabilitiesRequestSchema = z.object({
  positions: z
    .array(capabilityPositionSchema)
    .check(
      z.minLength(1, 'must describe at least one position'),
      z.maxLength(plannerLimits.positions, `must describe at most ${plannerLimits.positions} positions`),
    ),
});
export type CapabilitiesRequest = z.infer<typeof capabilitiesRequestSchema>;

export const competencySchema = z.object({
  competencyId: pluginTextSchema,
  title: pluginTextSchema,
  preferredCompetencyLevel: competencyLevelSchema,
});
export type Competency = z.infer<typeof competencySchema>;

export const additionalCompetencySchema = z.object({
  competencyId: pluginTextSchema,
  title: pluginTextSchema,
});
export type AdditionalCompetency = z.infer<typeof additionalCompetencySchema>;

export const capabilityAnswerPositionSchema = z.object({
  title: pluginTextSchema,
  competencies: z.array(competencySchema).check(z.maxLength(plannerLimits.competencies)),
});

/**
 * Capabilities search response: what the plugin answers, as the service
 * passes it on. The service reads a plugin's answer element by element (see
 * server/areas/mission-planner/plugin-answer.ts): an element that does not
 * have this shape is left out and reported, and a list longer than its bound
 * is cut there; the answer as a whole is refused only when it is not this
 * object with these lists.
 */
export const capabilitiesResponseSchema = z.object({
  positions: z.array(capabilityAnswerPositionSchema).check(z.maxLength(plannerLimits.positions)),
  additionalCompetencies: z.array(additionalCompetencySchema).check(z.maxLength(plannerLimits.additionalCompetencies)),
});
export type CapabilitiesResponse = z.infer<typeof capabilitiesResponseSchema>;

// ------------------------------------------------------------------ candidates

/** A competency asked for: its id and title are what a plugin suggested, so any string a plugin may send. */
export const requiredCompetencySchema = z
  .object({
    competencyId: pluginTextSchema,
    title: pluginTextSchema,
    minimumRequirement: competencyLevelSchema,
    preferredRequirement: competencyLevelSchema,
  })
  .check(
    z.refine((c) => competencyRank(c.preferredRequirement) >= competencyRank(c.minimumRequirement), {
      message: 'must not be below the minimum requirement',
      path: ['preferredRequirement'],
    }),
  );
export type RequiredCompetency = z.infer<typeof requiredCompetencySchema>;

export const candidatePositionSchema = z.object({
  title: titleSchema,
  count: countSchema,
  competencies: z
    .array(requiredCompetencySchema)
    .check(
      z.minLength(1, 'must require at least one competency'),
      z.maxLength(plannerLimits.competencies, `must require at most ${plannerLimits.competencies} competencies`),
    ),
});
export type CandidatePosition = z.infer<typeof candidatePositionSchema>;

/** Candidate search request: what the service sends to the plugin. */
export const candidatesRequestSchema = z.object({
  positions: z
    .array(candidatePositionSchema)
    .check(
      z.minLength(1, 'must describe at least one position'),
      z.maxLength(plannerLimits.positions, `must describe at most ${plannerLimits.positions} positions`),
    ),
});
export type CandidatesRequest = z.infer<typeof candidatesRequestSchema>;

export const recommendedActionSchema = z.object({
  type: actionTypeSchema,
  objectIds: z.array(pluginTextSchema),
});
export type RecommendedAction = z.infer<typeof recommendedActionSchema>;

export const trainingGapSchema = z.object({
  competencyId: pluginTextSchema,
  recommendedAction: z.array(recommendedActionSchema),
  /** Extension (optional): the level the plugin found; null when it found no evidence. */
  currentLevel: z.optional(z.nullable(competencyLevelSchema)),
});
export type TrainingGap = z.infer<typeof trainingGapSchema>;

/**
 * A candidate. The service reads `candidateId` as a platform userId (decided:
 * the interface gives it only as a string) and leaves out, with a warning,
 * every candidate who is not a user of the orgs the plugin may access.
 */
export const candidateSchema = z.object({
  candidateId: pluginTextSchema,
  trainingGap: z.array(trainingGapSchema),
  /** Extension (optional): why the plugin placed the candidate where it did. */
  reason: z.optional(pluginTextSchema),
});
export type Candidate = z.infer<typeof candidateSchema>;

export const candidateAnswerPositionSchema = z.object({
  title: pluginTextSchema,
  readyCandidates: z.array(candidateSchema).check(z.maxLength(plannerLimits.candidates)),
  recommendedCandidates: z.array(candidateSchema).check(z.maxLength(plannerLimits.candidates)),
});

/** Candidate search response: what the plugin answers, as the service passes it on (read as capabilities are). */
export const candidatesResponseSchema = z.object({
  positions: z.array(candidateAnswerPositionSchema).check(z.maxLength(plannerLimits.positions)),
});
export type CandidatesResponse = z.infer<typeof candidatesResponseSchema>;

// ------------------------------------------------- extension for the dashboard

/** A plugin offered for mission planner search (both addresses configured). */
export const plannerPluginSchema = z.object({
  pluginId: z.string(),
  name: z.string(),
});
export type PlannerPlugin = z.infer<typeof plannerPluginSchema>;
export const plannerPluginListSchema = z.array(plannerPluginSchema);

const pluginIdsSchema = z
  .array(idSchema)
  .check(
    z.minLength(1, 'must name at least one plugin; omit it to ask every plugin offered'),
    z.maxLength(20, 'must name at most 20 plugins'),
  );

/**
 * The dashboard's search bodies: the request sent to plugins plus which
 * plugins to ask. Unknown keys are refused here, while a plugin reading the
 * request it is sent ignores keys it does not know.
 */
export const plannerCapabilitiesBodySchema = z.strictObject({
  ...capabilitiesRequestSchema.shape,
  pluginIds: z.optional(pluginIdsSchema),
});
export type PlannerCapabilitiesBody = z.infer<typeof plannerCapabilitiesBodySchema>;

export const plannerCandidatesBodySchema = z.strictObject({
  ...candidatesRequestSchema.shape,
  pluginIds: z.optional(pluginIdsSchema),
});
export type PlannerCandidatesBody = z.infer<typeof plannerCandidatesBodySchema>;

/**
 * Why a plugin gave no usable answer:
 * - timeout: no complete answer within the service's PLUGIN_TIMEOUT_MS
 * - unreachable: the address refused or failed the connection
 * - rejected_credentials: the plugin answered 401 or 403 to the service's Basic header
 * - http_error: any other non-2xx status
 * - invalid_response: not JSON, too large, or not the object with the lists of
 *   the interface (a bad element inside is left out and reported as a warning)
 */
export const pluginFailureCodes = [
  'timeout',
  'unreachable',
  'rejected_credentials',
  'http_error',
  'invalid_response',
] as const;
export const pluginFailureSchema = z.object({
  code: z.enum(pluginFailureCodes),
  message: z.string(),
  issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type PluginFailure = z.infer<typeof pluginFailureSchema>;

/**
 * Part of a plugin's answer the service left out, and why: `path` says where
 * in the plugin's answer (`response.positions.0.competencies.2.title`).
 */
export const plannerWarningSchema = z.object({ path: z.string(), message: z.string() });
export type PlannerWarning = z.infer<typeof plannerWarningSchema>;

const failedResultSchema = z.object({
  pluginId: z.string(),
  name: z.string(),
  status: z.literal('failed'),
  failure: pluginFailureSchema,
});

export const plannerCapabilitiesResultSchema = z.discriminatedUnion('status', [
  z.object({
    pluginId: z.string(),
    name: z.string(),
    status: z.literal('ok'),
    capabilities: capabilitiesResponseSchema,
    /** What the service left out of the plugin's answer. */
    warnings: z.array(plannerWarningSchema),
  }),
  failedResultSchema,
]);
export type PlannerCapabilitiesResult = z.infer<typeof plannerCapabilitiesResultSchema>;

export const plannerCapabilitiesResponseSchema = z.object({ results: z.array(plannerCapabilitiesResultSchema) });

/** Who a candidate is, so a trainer reads names rather than ids. Shown, never stored. */
export const candidatePersonSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  afsc: z.string(),
  dutyTitle: z.string(),
  /**
   * A student of a class the caller trains: only then does the dashboard lead
   * to their record (the record answers 404 for anyone else).
   */
  inYourClasses: z.boolean(),
});
export type CandidatePerson = z.infer<typeof candidatePersonSchema>;

export const plannerCandidatesResultSchema = z.discriminatedUnion('status', [
  z.object({
    pluginId: z.string(),
    name: z.string(),
    status: z.literal('ok'),
    candidates: candidatesResponseSchema,
    people: z.array(candidatePersonSchema),
    /** What the service left out of the plugin's answer, candidates outside its orgs among them. */
    warnings: z.array(plannerWarningSchema),
  }),
  failedResultSchema,
]);
export type PlannerCandidatesResult = z.infer<typeof plannerCandidatesResultSchema>;

export const plannerCandidatesResponseSchema = z.object({ results: z.array(plannerCandidatesResultSchema) });

/**
 * Names of what a kept plan shows, asked for again when the plan is reopened:
 * the dashboard keeps only ids (userIds, course and objective ids), never a
 * name. Each list is comma-separated, 200 ids at most; the answer names only
 * people and catalogue entries the plugin itself may read, so it tells a
 * trainer no more than a search through that plugin could.
 */
export const plannerNamesQuerySchema = z.strictObject({
  pluginId: idSchema,
  userIds: z.optional(idListParamSchema),
  courseIds: z.optional(idListParamSchema),
  objectiveIds: z.optional(idListParamSchema),
});
export type PlannerNamesQuery = z.infer<typeof plannerNamesQuerySchema>;

export const catalogCourseSchema = z.object({ courseId: z.string(), name: z.string() });
export const catalogObjectiveSchema = z.object({ objectiveId: z.string(), name: z.string() });

/** Of the ids asked, those the plugin may read, by name; an id left out is unknown to it. */
export const plannerNamesSchema = z.object({
  people: z.array(candidatePersonSchema),
  courses: z.array(catalogCourseSchema),
  objectives: z.array(catalogObjectiveSchema),
});
export type PlannerNames = z.infer<typeof plannerNamesSchema>;
