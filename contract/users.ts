/**
 * Section 2.1-2.3 and 4.3 of the interface: user summaries, the signed-in
 * user's full profile, friends, pictures and anonymous accounts.
 * Lists the interface leaves open ("full list not shown") stay plain strings.
 */
import { z } from 'zod/mini';
import { idSchema } from './common.ts';

/** 2.1 User summary: embedded in comments, the base of every profile. */
export const userSummarySchema = z.object({
  handle: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: z.string(),
  accountType: z.string(),
  country: z.string(),
  profilePic: z.nullable(z.string()),
  coverPhoto: z.nullable(z.string()),
  userId: z.string(),
  anonymous: z.boolean(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** 2.2 Full profile: the summary less `anonymous`, plus the fields below. */
export const fullProfileSchema = z.extend(z.omit(userSummarySchema, { anonymous: true }), {
  position: z.null(),
  role: z.null(),
  organizationRoles: z.object({ afsc: z.string() }),
  email: z.string(),
  trainer: z.boolean(),
  trainee: z.boolean(),
  militaryGrade: z.string(),
  displayRank: z.string(),
  gender: z.string(),
  displayDutyTitle: z.string(),
  civilianGrade: z.string(),
  civilianBand: z.string(),
  jobSeriesNumber: z.string(),
  jobTitle: z.string(),
});
export type FullProfile = z.infer<typeof fullProfileSchema>;

export const parentFlagsSchema = z.object({
  cameraDisabled: z.boolean(),
  proximityFriends: z.boolean(),
});

/** 2.3 Friend profile: optional fields are present on some elements only. */
export const friendProfileSchema = z.extend(userSummarySchema, {
  parentFlags: parentFlagsSchema,
  displayDutyTitle: z.optional(z.string()),
  gender: z.optional(z.string()),
  civilianGrade: z.optional(z.string()),
  civilianBand: z.optional(z.string()),
  jobSeriesNumber: z.optional(z.string()),
  jobTitle: z.optional(z.string()),
  militaryGrade: z.optional(z.string()),
  displayRank: z.optional(z.string()),
});
export type FriendProfile = z.infer<typeof friendProfileSchema>;
export const friendListSchema = z.array(friendProfileSchema);

/** Pictures travel as a JSON string of base64-encoded JPEG data. */
export const base64JpegSchema = z
  .string()
  .check(z.minLength(4), z.regex(/^\/9j\/[A-Za-z0-9+/]*={0,2}$/, 'must be base64 JPEG data'));

/** 4.3 Create anonymous user: the body the app sends (unknown keys are refused). */
export const createAnonymousBodySchema = z.strictObject({
  handle: z
    .string()
    .check(z.regex(/^@anon-[A-Za-z0-9._-]{1,58}$/, 'must start with @anon- followed by letters, digits, . _ -')),
  userType: z.string().check(z.minLength(1), z.maxLength(64)),
  accountType: z.string().check(z.minLength(1), z.maxLength(64)),
  country: z.string().check(z.regex(/^[A-Z]{2}$/, 'must be a two-letter country code')),
  profilePic: z.null(),
  coverPhoto: z.null(),
  // Only `anon-` ids: a signed-up person's id (`usr-…`) would answer 409 "taken", telling anyone who exists.
  userId: z
    .string()
    .check(
      z.regex(
        /^anon-[A-Za-z0-9._-]{1,123}$/,
        'must start with anon- followed by letters, digits, . _ - (at most 128 characters)',
      ),
    ),
  anonymous: z.literal(true),
});
export type CreateAnonymousBody = z.infer<typeof createAnonymousBodySchema>;

/** A session the app uses with the user token (extension; token issuance is not shown). */
export const sessionSchema = z.object({
  token: z.string(),
  expiresIn: z.number().check(z.int(), z.positive()),
  refreshToken: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

/**
 * Extension: what a user token stands for — whose it is, the app it was
 * issued to and that app's scopes — so a client can tell which pages the app
 * may offer (the training scope) without trying them.
 */
export const sessionInfoSchema = z.object({
  userId: z.string(),
  clientId: z.string(),
  scopes: z.array(z.string()),
  anonymous: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** Response of create anonymous user (not shown by the interface; decided). */
export const createAnonymousResponseSchema = z.object({
  profile: userSummarySchema,
  session: sessionSchema,
});
export type CreateAnonymousResponse = z.infer<typeof createAnonymousResponseSchema>;

/** Path parameter of the picture-by-id extension. */
export const pictureParamsSchema = z.strictObject({ pictureId: idSchema });
