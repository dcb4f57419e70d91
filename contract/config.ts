/**
 * The dashboard's runtime configuration (`/config.json`), so one build serves
 * every environment. Sandbox client ids start with `sandbox-`; one of them
 * paired with the production environment is refused.
 */
import { z } from 'zod/mini';
import { environmentSchema } from './sandbox.ts';

export const SANDBOX_CLIENT_PREFIX = 'sandbox-';

export function isSandboxClientId(clientId: string): boolean {
  return clientId.startsWith(SANDBOX_CLIENT_PREFIX);
}

const baseUrlSchema = z.pipe(
  z
    .string()
    .check(
      z.refine(
        (value) => value === '' || /^https?:\/\/[^\s]+$/.test(value),
        'must be empty (same origin) or an http(s) address',
      ),
    ),
  z.transform((value: string) => value.replace(/\/+$/, '')),
);

export const dashboardConfigSchema = z
  .object({
    environment: environmentSchema,
    platformUrl: baseUrlSchema,
    notesUrl: baseUrlSchema,
    clientId: z.string().check(z.minLength(1, 'must name the app client id')),
  })
  .check(
    z.superRefine((config, ctx) => {
      if (config.environment === 'production' && isSandboxClientId(config.clientId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['clientId'],
          message: `"${config.clientId}" is a sandbox client id; it works only against the sandbox platform, not production`,
        });
      }
    }),
  );
export type DashboardConfig = z.infer<typeof dashboardConfigSchema>;
