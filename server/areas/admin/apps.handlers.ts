/**
 * App administration (extension): an administrator registers an app (its
 * environment, scopes, redirect URIs, and whether it is confidential),
 * replaces its redirect URIs and rotates a confidential app's secret. The
 * secret is 32 random bytes, answered once and kept only as its SHA-256
 * hash. Each change is one transaction that locks the app first.
 */
import { randomBytes } from 'node:crypto';
import type { AdminApp, AppWithSecret, CreateAppBody } from '../../../contract/apps.ts';
import { hashToken } from '../../access/authenticator.ts';
import { isUniqueViolation } from '../../data/database.ts';
import { bump } from '../../data/versions.ts';
import type { Deps } from '../../deps.ts';
import { HttpError, notFound } from '../../errors.ts';
import { type AppsRepo, appsRepo } from './apps.repo.ts';

const newSecret = () => randomBytes(32).toString('base64url');
const taken = (clientId: string) => new HttpError(409, 'conflict', `An app "${clientId}" is already registered`);

export function appHandlers(deps: Deps) {
  const reads = appsRepo(deps.db.q);

  async function existing(repo: AppsRepo, clientId: string): Promise<AdminApp> {
    const app = await repo.find(clientId);
    if (!app) throw notFound(`App "${clientId}"`);
    return app;
  }

  return {
    list: () => reads.list(),
    get: (clientId: string) => existing(reads, clientId),
    /** The check gives the message; the primary key decides a race (two registrations of one id: one 201, one 409). */
    async create(body: CreateAppBody): Promise<AppWithSecret> {
      const prefix = body.environment === 'sandbox' ? 'sandbox-app-' : 'app-';
      const clientId = body.clientId ?? `${prefix}${randomBytes(6).toString('hex')}`;
      const clientSecret = body.confidential ? newSecret() : undefined;
      try {
        return await deps.db.transaction(async (tx) => {
          const repo = appsRepo(tx);
          if (await repo.find(clientId)) throw taken(clientId);
          await repo.create({
            clientId,
            name: body.name,
            environment: body.environment,
            confidential: body.confidential,
            implicit: body.implicit === true,
            secretHash: clientSecret === undefined ? null : hashToken(clientSecret),
            scopes: body.scopes ?? [],
          });
          await repo.setRedirectUris(clientId, body.redirectUris);
          await bump(tx, 'apps');
          const app = await existing(repo, clientId);
          return clientSecret === undefined ? { app } : { app, clientSecret };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw taken(clientId);
        throw error;
      }
    },
    setRedirectUris(clientId: string, uris: readonly string[]): Promise<AdminApp> {
      return deps.db.transaction(async (tx) => {
        const repo = appsRepo(tx);
        if (!(await repo.lock(clientId))) throw notFound(`App "${clientId}"`);
        await repo.setRedirectUris(clientId, uris);
        await bump(tx, 'apps');
        return existing(repo, clientId);
      });
    },
    rotateSecret(clientId: string): Promise<AppWithSecret> {
      return deps.db.transaction(async (tx) => {
        const repo = appsRepo(tx);
        const app = await repo.lock(clientId);
        if (!app) throw notFound(`App "${clientId}"`);
        if (app.confidential !== 1) {
          throw new HttpError(
            409,
            'conflict',
            `The app "${clientId}" is public: it has no client secret (PKCE stands in for one)`,
          );
        }
        const clientSecret = newSecret();
        await repo.setSecretHash(clientId, hashToken(clientSecret));
        await bump(tx, 'apps');
        return { app: await existing(repo, clientId), clientSecret };
      });
    },
  };
}
