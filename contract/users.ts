/**
 * Section 2.1-2.3 and 4.3 of the interface: user summaries, the signed-in
 * user's full profile, friends, pictures and anonymous accounts.
 * Lists the interface leaves open ("full list not shown") stay plain strings.
 */
import { z } from 'zod';
import { idSchema } from './common.ts';

export const handleSchema = z
  .string()
  .regex(/^@[A-Za-z0-9._-]{1,64}$/, 'must start with @ and use letters, digits, . _ -');

/** 2.1 User summary: embedded in comments, the base of every profile. */
export const userSummarySchema = z.object({
  handle: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: z.string(),
  accountType: z.string(),
  country: z.string(),
  profilePic: z.string().nullable(),
  coverPhoto: z.string().nullable(),
  userId: z.string(),
  anonymous: z.boolean(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** 2.2 Full profile: the summary less `anonymous`, plus the fields below. */
export const fullProfileSchema = userSummarySchema.omit({ anonymous: true }).extend({
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
export type ParentFlags = z.infer<typeof parentFlagsSchema>;

/** 2.3 Friend profile: optional fields are present on some elements only. */
export const friendProfileSchema = userSummarySchema.extend({
  parentFlags: parentFlagsSchema,
  displayDutyTitle: z.string().optional(),
  gender: z.string().optional(),
  civilianGrade: z.string().optional(),
  civilianBand: z.string().optional(),
  jobSeriesNumber: z.string().optional(),
  jobTitle: z.string().optional(),
  militaryGrade: z.string().optional(),
  displayRank: z.string().optional(),
});
export type FriendProfile = z.infer<typeof friendProfileSchema>;
export const friendListSchema = z.array(friendProfileSchema);

/** Pictures travel as a JSON string of base64-encoded JPEG data. */
export const base64JpegSchema = z
  .string()
  .min(4)
  .regex(/^\/9j\/[A-Za-z0-9+/]*={0,2}$/, 'must be base64 JPEG data');

/** 4.3 Create anonymous user: the body the app sends. */
export const createAnonymousBodySchema = z.object({
  handle: z.string().regex(/^@anon-[A-Za-z0-9._-]{1,58}$/, 'must start with @anon- followed by letters, digits, . _ -'),
  userType: z.string().min(1).max(64),
  accountType: z.string().min(1).max(64),
  country: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code'),
  profilePic: z.null(),
  coverPhoto: z.null(),
  userId: idSchema,
  anonymous: z.literal(true),
});
export type CreateAnonymousBody = z.infer<typeof createAnonymousBodySchema>;

/** A session the app uses with the user token (extension; token issuance is not shown). */
export const sessionSchema = z.object({
  token: z.string(),
  expiresIn: z.number().int().positive(),
  refreshToken: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

/** Response of create anonymous user (not shown by the interface; decided). */
export const createAnonymousResponseSchema = z.object({
  profile: userSummarySchema,
  session: sessionSchema,
});
export type CreateAnonymousResponse = z.infer<typeof createAnonymousResponseSchema>;

/** Path parameter of the picture-by-id extension. */
export const pictureParamsSchema = z.object({ pictureId: idSchema });
