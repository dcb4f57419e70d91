/**
 * Every endpoint of the service: the interface's own (sections 4.1, 4.3, 4.4)
 * and our extensions, marked `extension: true`. The service, the OpenAPI
 * document and the tests use these lists; the dashboard imports the area
 * modules under `endpoints/` instead, so a page loads only the schemas of
 * the endpoints it calls.
 */
import { commentEndpoints } from './endpoints/comments.ts';
import { healthEndpoints } from './endpoints/health.ts';
import { noteEndpoints } from './endpoints/notes.ts';
import { profileEndpoints } from './endpoints/profile.ts';
import { rosterEndpoints } from './endpoints/roster.ts';
import { sandboxEndpoints } from './endpoints/sandbox.ts';
import { sessionEndpoints } from './endpoints/sessions.ts';
import { studentRecordEndpoints } from './endpoints/student-record.ts';
import { pluginEndpoints } from './plugin-endpoints.ts';

export const coreEndpoints = {
  ...commentEndpoints,
  ...rosterEndpoints,
  ...studentRecordEndpoints,
  ...profileEndpoints,
  ...noteEndpoints,
  ...sandboxEndpoints,
  ...sessionEndpoints,
  ...healthEndpoints,
} as const;

export const endpoints = { ...coreEndpoints, ...pluginEndpoints } as const;
export type EndpointName = keyof typeof endpoints;
