/**
 * Extension: the administration of apps (client ids): their scopes, the
 * redirect URIs OAuth sign-in may send a person back to, and whether the app
 * is confidential (authenticates with a client secret at the token
 * endpoint). The secret is shown once, when it is made.
 */
import { z } from 'zod/mini';
import { redirectUriSchema } from './auth.ts';
import { clientIdFitsEnvironment, newClientIdSchema } from './client-id.ts';
import { environmentSchema } from './sandbox.ts';

/** The scopes an administrator can grant an app (section 4.1: training). */
export const appScopeSchema = z.enum(['training']);

export const appLimits = { name: 200, redirectUris: 20 } as const;

export const adminAppSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  environment: environmentSchema,
  scopes: z.array(z.string()),
  redirectUris: z.array(z.string()),
  confidential: z.boolean(),
  /** Registered for the legacy implicit grant (the platform's older SDKs): a public sandbox app only. */
  implicit: z.boolean(),
});
export type AdminApp = z.infer<typeof adminAppSchema>;
export const adminAppListSchema = z.array(adminAppSchema);

export const appParamsSchema = z.strictObject({
  clientId: z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(128, 'must be at most 128 characters')),
});

const redirectUriListSchema = z
  .array(redirectUriSchema)
  .check(z.maxLength(appLimits.redirectUris, `must list at most ${appLimits.redirectUris} addresses`));

/** The rule `implicit` follows, said once for the error and the docs. */
export const implicitRule = 'only a public sandbox app may use the implicit grant (legacy, for the older SDKs)';

const implicitOnlyForPublicSandboxApps = z.refine<{ implicit?: boolean; confidential: boolean; environment: string }>(
  (body) => body.implicit !== true || (!body.confidential && body.environment === 'sandbox'),
  { message: implicitRule, path: ['implicit'] },
);

/**
 * Register an app. Without clientId one is made; a sandbox app's id starts
 * with `sandbox-` and a production app's must not.
 */
export const createAppBodySchema = z
  .strictObject({
    name: z
      .string()
      .check(
        z.regex(/\S/, 'must not be blank'),
        z.maxLength(appLimits.name, `must be at most ${appLimits.name} characters`),
      ),
    environment: environmentSchema,
    clientId: z.optional(newClientIdSchema),
    scopes: z.optional(z.array(appScopeSchema).check(z.maxLength(1))),
    redirectUris: redirectUriListSchema,
    confidential: z.boolean(),
    /**
     * Legacy: the implicit grant, tokens in the redirect, for the platform's
     * older SDKs. Never for a confidential or production app (OAuth 2.0
     * Security BCP); new clients use code with PKCE.
     */
    implicit: z.optional(z.boolean()),
  })
  .check(clientIdFitsEnvironment('app'), implicitOnlyForPublicSandboxApps);
export type CreateAppBody = z.infer<typeof createAppBodySchema>;

export const setRedirectUrisBodySchema = z.strictObject({ redirectUris: redirectUriListSchema });

/** A confidential app's secret, answered once when it is made or rotated; absent for a public app. */
export const appWithSecretSchema = z.object({ app: adminAppSchema, clientSecret: z.optional(z.string()) });
export type AppWithSecret = z.infer<typeof appWithSecretSchema>;
