/** Every migration, in the order it is applied. */
import { migration as core } from './001-core.ts';
import { migration as plugins } from './002-plugins.ts';
import { migration as pluginData } from './003-plugin-data.ts';
import { migration as dataVersions } from './004-data-versions.ts';
import { migration as oauth } from './005-oauth.ts';
import { migration as environmentAndSecrets } from './006-environment-and-secrets.ts';
import { migration as passwordLinks } from './007-password-links.ts';
import { migration as openid } from './008-openid.ts';
import { migration as throttle } from './009-throttle.ts';
import { migration as implicitGrant } from './010-implicit-grant.ts';
import { migration as search } from './011-search.ts';
import { migration as corrections } from './012-corrections.ts';
import { migration as pinnedPhrases } from './013-pinned-phrases.ts';
import { migration as missionPlans } from './014-mission-plans.ts';
import { migration as classActivity } from './015-class-activity.ts';
import { migration as searchByReader } from './016-search-by-reader.ts';
import type { Migration } from './types.ts';

export const migrations: readonly Migration[] = [
  core,
  plugins,
  pluginData,
  dataVersions,
  oauth,
  environmentAndSecrets,
  passwordLinks,
  openid,
  throttle,
  implicitGrant,
  search,
  corrections,
  pinnedPhrases,
  missionPlans,
  classActivity,
  searchByReader,
];
