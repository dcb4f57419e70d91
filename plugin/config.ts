/**
 * The sample plugin's settings, read from the environment in this one place
 * and validated at start-up: a bad value stops the program naming the setting.
 */
import { z } from 'zod';

const portSchema = z.coerce.number().int().min(0).max(65535);

const configSchema = z.object({
  PLUGIN_PORT: portSchema.default(8090),
  PLUGIN_HOST: z.string().min(1).default('127.0.0.1'),
  /** The platform service the plugin reads learning data from (its /plugin/v2/ai endpoints). */
  PLATFORM_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http(s) address')
    .default('http://127.0.0.1:8080')
    .transform((url) => url.replace(/\/+$/, '')),
  /**
   * The plugin's credentials as registered on the platform; the service sends the same pair.
   * Defaults: those of the sandbox demo plugin `sandbox-plugin-coach` (a sandbox credential the
   * demo data publishes, docs/demo-data.md), so `npm start` pairs the two with no settings;
   * sandbox/demo-ids.test.ts holds them equal.
   */
  PLUGIN_CLIENT_ID: z.string().min(1).default('sandbox-plugin-coach'),
  PLUGIN_CLIENT_SECRET: z.string().min(1).default('coach-secret-sandbox-2026'),
  /** How long one call to the platform may take; keep it below the service's PLUGIN_TIMEOUT_MS. */
  PLATFORM_TIMEOUT_MS: z.coerce.number().int().min(1).default(4000),
});

export type PluginConfig = z.infer<typeof configSchema>;

/** Parses the settings; throws an Error whose message names each bad setting. */
export function readPluginConfig(env: Record<string, string | undefined> = process.env): PluginConfig {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Invalid plugin settings:\n${lines.join('\n')}`);
}
