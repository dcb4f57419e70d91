/**
 * The AI-plugin API sets an administrator switches on per plugin (section 5,
 * rule 1). A plugin calling a set it was not granted gets 403.
 */
import { z } from 'zod/mini';

export const pluginPermissions = [
  'record-data',
  'badges',
  'other-skills',
  'additional-info',
  'mission-planner',
] as const;
export const pluginPermissionSchema = z.enum(pluginPermissions);
export type PluginPermission = z.infer<typeof pluginPermissionSchema>;
