/**
 * Extension: a trainer's mission plan kept by the service, keyed by their
 * userId, so it follows them from one device to another. The plan is what
 * the dashboard also keeps on a device without the extension: the positions
 * as typed, the plugin, the requirements, what was asked, the last search's
 * answers without who the candidates are and without the plugin's reasons
 * (candidates as userIds), the shortlists and the slots. Bounded by the
 * limits of a search and, as a whole, by the service's body limit.
 */
import { z } from 'zod/mini';
import { idSchema } from './common.ts';
import {
  candidatePositionSchema,
  competencyLevelSchema,
  knowledgeLevelSchema,
  plannerCandidatesResultSchema,
  plannerLimits,
  pluginTextSchema,
} from './mission-planner.ts';

/** What a person may have typed into a field of a position, not yet checked as a search would. */
const typedSchema = z
  .string()
  .check(z.maxLength(plannerLimits.title, `must be at most ${plannerLimits.title} characters`));

const picksSchema = z
  .array(z.array(pluginTextSchema).check(z.maxLength(plannerLimits.candidates * 2)))
  .check(z.maxLength(plannerLimits.positions, `must hold at most ${plannerLimits.positions} positions`));

export const keptPlanSchema = z.object({
  version: z.literal(1),
  /** The plugin chosen; empty while none is. */
  pluginId: z.union([z.literal(''), idSchema]),
  positions: z
    .array(
      z.object({
        title: typedSchema,
        knowledgeLevel: knowledgeLevelSchema,
        afsc: typedSchema,
        count: typedSchema,
        exactMatch: z.boolean(),
      }),
    )
    .check(z.maxLength(plannerLimits.positions, `must describe at most ${plannerLimits.positions} positions`)),
  requirements: z.optional(
    z
      .array(
        z.object({
          title: pluginTextSchema,
          count: z.number(),
          rows: z
            .array(
              z.object({
                competencyId: pluginTextSchema,
                title: pluginTextSchema,
                suggested: z.boolean(),
                included: z.boolean(),
                minimum: competencyLevelSchema,
                preferred: competencyLevelSchema,
              }),
            )
            .check(z.maxLength(plannerLimits.competencies + plannerLimits.additionalCompetencies)),
        }),
      )
      .check(z.maxLength(plannerLimits.positions)),
  ),
  asked: z.array(candidatePositionSchema).check(z.maxLength(plannerLimits.positions)),
  results: z.optional(z.array(plannerCandidatesResultSchema).check(z.maxLength(20))),
  shortlist: picksSchema,
  slots: picksSchema,
});
export type KeptPlan = z.infer<typeof keptPlanSchema>;

/**
 * The caller's plan: `null` when they keep none. A plan is replaced whole
 * (the last save wins) and `null` removes it; the whole body is at most the
 * service's body limit.
 */
export const savePlanBodySchema = z.strictObject({ plan: z.nullable(keptPlanSchema) });
export type SavePlanBody = z.infer<typeof savePlanBodySchema>;

export const keptPlanAnswerSchema = z.object({
  plan: z.nullable(keptPlanSchema),
  /** When it was last saved (ISO 8601), null without a plan. */
  savedAt: z.nullable(z.string()),
});
export type KeptPlanAnswer = z.infer<typeof keptPlanAnswerSchema>;
