/**
 * Every endpoint of the service, one module per server area under
 * `endpoints/` (named as `server/areas/<area>/`): the interface's own
 * (sections 4.1 to 4.4), the platform's own OAuth sign-in, marked
 * `convention: true`, and our extensions, marked `extension: true`. The
 * service's routes, the OpenAPI document and the tests read this one list; the
 * dashboard's features import their area's module instead, so a page loads
 * only the schemas of the endpoints it calls.
 */
import { adminEndpoints } from './endpoints/admin.ts';
import { aiPluginEndpoints } from './endpoints/ai-plugin.ts';
import { audienceEndpoints } from './endpoints/audience.ts';
import { authEndpoints } from './endpoints/auth.ts';
import { classActivityEndpoints } from './endpoints/class-activity.ts';
import { commentEndpoints } from './endpoints/comments.ts';
import { correctionEndpoints } from './endpoints/corrections.ts';
import { healthEndpoints } from './endpoints/health.ts';
import { plannerEndpoints } from './endpoints/mission-planner.ts';
import { missionPlanEndpoints } from './endpoints/mission-plans.ts';
import { noteCorrectionEndpoints } from './endpoints/note-corrections.ts';
import { noteEndpoints } from './endpoints/notes.ts';
import { pinnedPhraseEndpoints } from './endpoints/pinned-phrases.ts';
import { profileEndpoints } from './endpoints/profile.ts';
import { rosterEndpoints } from './endpoints/roster.ts';
import { sandboxEndpoints } from './endpoints/sandbox.ts';
import { searchEndpoints } from './endpoints/search.ts';
import { sessionEndpoints } from './endpoints/sessions.ts';
import { studentRecordEndpoints } from './endpoints/student-record.ts';

// The order is the OpenAPI document's order of paths.
export const endpoints = {
  ...commentEndpoints,
  ...correctionEndpoints,
  ...rosterEndpoints,
  ...classActivityEndpoints,
  ...studentRecordEndpoints,
  ...audienceEndpoints,
  ...profileEndpoints,
  ...noteEndpoints,
  ...noteCorrectionEndpoints,
  ...pinnedPhraseEndpoints,
  ...searchEndpoints,
  ...authEndpoints,
  ...sandboxEndpoints,
  ...sessionEndpoints,
  ...healthEndpoints,
  ...aiPluginEndpoints,
  ...plannerEndpoints,
  ...missionPlanEndpoints,
  ...adminEndpoints,
} as const;
export type EndpointName = keyof typeof endpoints;
