/** How the admin command prints what the administration API answers: plugins, apps, a secret or a password link shown once. */
import type { AdminApp } from '../../contract/apps.ts';
import type { ResponseOf } from '../../contract/endpoint.ts';
import type { adminEndpoints } from '../../contract/endpoints/admin.ts';
import type { PasswordLink } from '../../contract/passwords.ts';

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

/** A password link, shown once; without an address, its path and the setting that gives one. */
export const showPasswordLink = (link: PasswordLink, address: string | undefined) =>
  [
    `${link.purpose === 'invite' ? 'Invitation' : 'Password reset'} for ${link.handle} (${link.userId}), single use, valid until ${link.expiresAt}`,
    '(shown this once; the service keeps only its hash; a newer link for this person ends this one):',
    address === undefined
      ? `  ${link.path}\nThe service has no PUBLIC_URL: put this path after the address people reach it at, or set PUBLIC_URL (or use --url) and make a new link.`
      : `  ${address}`,
  ].join('\n');

/** A list, one item after the other, or what to say when there is none. */
export const showList = <T>(items: readonly T[], show: (item: T) => string, none: string) =>
  items.length === 0 ? none : items.map(show).join('\n');
