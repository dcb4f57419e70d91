/**
 * Setting a password (extension): the single-use link an administrator has
 * the service make (an invitation or a reset), the page behind it and its
 * form, and a signed-in person changing their own password.
 */
import { z } from 'zod/mini';
import { idSchema } from './common.ts';

/** A password a person chooses: at least 12 characters (NIST SP 800-63B, OWASP ASVS 2.1.1), at most 128. */
export const newPasswordLimits = { min: 12, max: 128 } as const;

export const newPasswordSchema = z
  .string()
  .check(
    z.minLength(newPasswordLimits.min, `must be at least ${newPasswordLimits.min} characters`),
    z.maxLength(newPasswordLimits.max, `must be at most ${newPasswordLimits.max} characters`),
  );

/** `invite`: a person who never had a password; `reset`: one who forgot theirs. The link works the same. */
export const passwordLinkPurposes = ['invite', 'reset'] as const;
export type PasswordLinkPurpose = (typeof passwordLinkPurposes)[number];

export const userParamsSchema = z.strictObject({ userId: idSchema });

/** The link's token: 32 random bytes, base64url. */
export const passwordLinkTokenSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'must be the token of a password link (43 characters)'));

/**
 * A new link, answered once (`Cache-Control: no-store`); the service keeps
 * only its hash. `url` is the whole link when the service knows its public
 * address (PUBLIC_URL); otherwise null, and the link is `path` on the
 * address people reach the service at.
 */
export const passwordLinkSchema = z.object({
  userId: z.string(),
  handle: z.string(),
  purpose: z.enum(passwordLinkPurposes),
  path: z.string(),
  url: z.nullable(z.string()),
  /** ISO 8601, UTC. */
  expiresAt: z.string(),
});
export type PasswordLink = z.infer<typeof passwordLinkSchema>;

/** `GET /oauth/password?token=…`: the page behind the link. */
export const passwordPageQuerySchema = z.strictObject({ token: z.string() });

/** `POST /oauth/password`, the page's form (form-encoded). */
export const passwordFormSchema = z.strictObject({
  token: z.string().check(z.maxLength(100, 'must be at most 100 characters')),
  csrf_token: z.string().check(z.maxLength(200, 'must be at most 200 characters')),
  password: z.string().check(z.maxLength(1024, 'must be at most 1024 characters')),
  password_again: z.string().check(z.maxLength(1024, 'must be at most 1024 characters')),
});

/** `POST /auth/v1/password`: the signed-in person's current password and the new one. */
export const changePasswordBodySchema = z.strictObject({
  currentPassword: z
    .string()
    .check(z.minLength(1, 'must not be empty'), z.maxLength(1024, 'must be at most 1024 characters')),
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changePasswordResultSchema = z.object({
  success: z.boolean(),
  /** The person's other sessions that were ended (every sign-in but the caller's own). */
  endedSessions: z.number().check(z.int(), z.nonnegative()),
});
