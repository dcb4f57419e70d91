/** What `npm run admin` takes on its command line: the usage text, the options, and a mistake in them. */
import { type ParseArgsConfig, parseArgs } from 'node:util';

export const USAGE = `Usage: npm run admin -- <command> [options]     (built: node build/admin.js <command> [options])

Plugins:
  plugin list
  plugin show <clientId>
  plugin add --name NAME --api-sets SETS [--orgs ORGS] [--client-id ID]
             [--capabilities-url URL --candidates-url URL]
                                   register a plugin for this service's environment; prints its secret once
  plugin rotate-secret <clientId>  a new secret (printed once); the old one stops working at once
  plugin set-api-sets <clientId> SETS
  plugin set-orgs <clientId> ORGS
  plugin set-addresses <clientId> (--capabilities-url URL --candidates-url URL | --none)
People and classes:
  orgs                             the orgs a plugin can be granted
  import --file FILE               add or update orgs, people, courses, classes, friendships (JSON, see
                                   README "Provisioning production"); the same file twice changes nothing
  user invite <userId>             a single-use link for the person to set their password (printed once;
                                   valid PASSWORD_LINK_TTL_HOURS, 72 by default; a newer link ends it)
  user reset-password <userId>     the same, for a person who needs a new password
Apps (OAuth clients):
  app list
  app show <clientId>
  app add --name NAME --environment sandbox|production --redirect-uris URIS [--training] [--confidential]
          [--client-id ID]         register an app; a confidential app's secret is printed once
          [--implicit]             legacy: tokens in the redirect, for the platform's older SDKs; a public
                                   sandbox app only (new apps use code with PKCE)
  app set-redirect-uris <clientId> URIS    replace the registered redirect URIs (exact addresses)
  app rotate-secret <clientId>     a confidential app's new secret (printed once)

SETS, ORGS and URIS are comma-separated: API sets record-data, badges, other-skills, additional-info, mission-planner.

Options:
  --url URL    a running service (HTTP, with the ADMIN_TOKEN setting); without it the command runs the
               administration API in this process on the database of the service's settings
               (DATABASE or DATABASE_URL, PLATFORM_ENV, SECRETS_KEY; .env is read as npm start reads it);
               password links are built on --url, or else on the PUBLIC_URL setting
  --help`;

export const OPTIONS = {
  url: { type: 'string' },
  name: { type: 'string' },
  'api-sets': { type: 'string' },
  orgs: { type: 'string' },
  'client-id': { type: 'string' },
  'capabilities-url': { type: 'string' },
  'candidates-url': { type: 'string' },
  none: { type: 'boolean' },
  file: { type: 'string' },
  environment: { type: 'string' },
  'redirect-uris': { type: 'string' },
  training: { type: 'boolean' },
  confidential: { type: 'boolean' },
  implicit: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

export type Options = {
  readonly [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'string' ? string : boolean;
};

/** The command's words and options; throws on an option it does not know or a value missing. */
export function parseCommandLine(argv: readonly string[]) {
  return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: OPTIONS });
}

/** A command or option the operator got wrong: answered with the usage text and exit code 2. */
export class UsageError extends Error {}

/** A comma-separated list (SETS, ORGS, URIS), required. */
export function commaList(value: string | undefined, flag: string): string[] {
  if (value === undefined) throw new UsageError(`${flag} is required`);
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
