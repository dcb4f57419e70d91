/**
 * Invitations and password resets (extension): an administrator has the
 * service make a single-use link for a person to set their password
 * (server/access/password-links.ts). The link is answered once; its address
 * is built on PUBLIC_URL when the service knows it, otherwise the caller
 * (the admin command) puts the path on the address it called.
 */

import { endpointUrl } from '../../../contract/endpoint-url.ts';
import { endpoints as e } from '../../../contract/endpoints.ts';
import type { PasswordLink, PasswordLinkPurpose } from '../../../contract/passwords.ts';
import { issuePasswordLink } from '../../access/password-links.ts';
import type { Deps } from '../../deps.ts';
import { HttpError, notFound } from '../../errors.ts';
import { passwordLinksRepo } from './password-links.repo.ts';

export function passwordLinkHandlers(deps: Deps) {
  return {
    issue(userId: string, purpose: PasswordLinkPurpose): Promise<PasswordLink> {
      return deps.db.transaction(async (tx) => {
        const person = await passwordLinksRepo(tx).person(userId);
        if (!person) throw notFound(`User "${userId}"`);
        if (person.anonymous === 1) {
          throw new HttpError(
            409,
            'conflict',
            `"${userId}" is an anonymous account: anonymous accounts have no password (import the person instead)`,
          );
        }
        const ttl = deps.settings.PASSWORD_LINK_TTL_HOURS * 3600;
        const link = await issuePasswordLink(tx, userId, purpose, deps.now(), ttl);
        const path = endpointUrl(e.passwordPage, { query: { token: link.token } });
        const base = deps.settings.PUBLIC_URL;
        return {
          userId,
          handle: person.handle,
          purpose,
          path,
          url: base === undefined ? null : `${base}${path}`,
          expiresAt: new Date(link.expiresAt * 1000).toISOString(),
        };
      });
    },
  };
}
