/**
 * Extensions of this service (not part of the interface): sandbox users and
 * clients for demos and tools, token issuance and refresh. The sandbox routes
 * answer only when the service runs as a sandbox.
 */
import { z } from 'zod/mini';
import { idSchema } from './common.ts';

export const sandboxUserSchema = z.object({
  userId: z.string(),
  handle: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.string()),
  enrollments: z.array(z.object({ studentId: z.string(), classId: z.string(), courseId: z.string() })),
  teaches: z.array(z.object({ classId: z.string(), courseId: z.string(), lessonIds: z.array(z.string()) })),
});
export type SandboxUser = z.infer<typeof sandboxUserSchema>;
export const sandboxUserListSchema = z.array(sandboxUserSchema);

export const environmentSchema = z.enum(['sandbox', 'production']);
export type Environment = z.infer<typeof environmentSchema>;

export const sandboxClientsSchema = z.object({
  apps: z.array(z.object({ clientId: z.string(), environment: environmentSchema, scopes: z.array(z.string()) })),
  plugins: z.array(
    z.object({
      clientId: z.string(),
      clientSecret: z.string(),
      orgIds: z.array(z.string()),
      permissions: z.array(z.string()),
    }),
  ),
});
export type SandboxClients = z.infer<typeof sandboxClientsSchema>;

/** Request bodies: unknown keys are refused. */
export const tokenRequestSchema = z.strictObject({ userId: idSchema, clientId: idSchema });
export const refreshRequestSchema = z.strictObject({
  refreshToken: z.string().check(z.minLength(1), z.maxLength(256)),
});
