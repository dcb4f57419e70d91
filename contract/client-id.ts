/**
 * The client id an administrator may choose for a new app or plugin, and its
 * rule against the environment: the two are registered alike, so they share
 * one pattern and one message.
 */
import { z } from 'zod/mini';
import { isSandboxClientId } from './config.ts';
import type { Environment } from './sandbox.ts';

export const newClientIdSchema = z
  .string()
  .check(
    z.regex(
      /^[a-z0-9][a-z0-9._-]{2,63}$/,
      'must be 3 to 64 lowercase letters, digits, . _ - (starting with a letter or digit)',
    ),
  );

interface ClientRegistration {
  readonly clientId?: string | undefined;
  readonly environment?: Environment | undefined;
}

/**
 * A chosen sandbox id starts with `sandbox-` and a production one does not;
 * without a chosen id, or without an environment, there is nothing to compare.
 */
export const clientIdFitsEnvironment = (what: 'app' | 'plugin') =>
  z.refine<ClientRegistration>(
    (body) =>
      body.clientId === undefined ||
      body.environment === undefined ||
      isSandboxClientId(body.clientId) === (body.environment === 'sandbox'),
    {
      message: `a sandbox ${what} id starts with "sandbox-" and a production one does not`,
      path: ['clientId'],
    },
  );
