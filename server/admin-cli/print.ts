/** How the admin command prints what the administration API answers: plugins, apps and a secret shown once. */
import type { AdminApp } from '../../contract/apps.ts';
import type { ResponseOf } from '../../contract/endpoint.ts';
import type { adminEndpoints } from '../../contract/endpoints/admin.ts';

export type AdminPlugin = ResponseOf<typeof adminEndpoints.adminGetPlugin>;

export const showPlugin = (plugin: AdminPlugin) =>
  [
    `${plugin.clientId}  "${plugin.name}" (${plugin.environment})`,
    `  API sets: ${plugin.permissions.join(', ') || 'none'}`,
    `  orgs: ${plugin.orgIds.join(', ') || 'none'}`,
    `  mission planner: ${plugin.capabilitiesUrl && plugin.candidatesUrl ? `${plugin.capabilitiesUrl}, ${plugin.candidatesUrl}` : 'not offered (no addresses)'}`,
  ].join('\n');

export const showApp = (app: AdminApp) =>
  [
    `${app.clientId}  "${app.name}" (${app.environment}, ${app.confidential ? 'confidential' : 'public: PKCE'})`,
    `  scopes: ${app.scopes.join(', ') || 'none'}`,
    ...(app.implicit ? ['  implicit grant: yes (legacy, for the older SDKs)'] : []),
    `  redirect URIs: ${app.redirectUris.join(', ') || 'none'}`,
  ].join('\n');

export const showSecret = (clientId: string, secret: string) =>
  [
    `Client secret of ${clientId} (shown this once; the service keeps only its hash and a sealed copy):`,
    `  ${secret}`,
    `Basic header: Authorization: Basic base64(${clientId}:<secret>)`,
  ].join('\n');

/** A list, one item after the other, or what to say when there is none. */
export const showList = <T>(items: readonly T[], show: (item: T) => string, none: string) =>
  items.length === 0 ? none : items.map(show).join('\n');
