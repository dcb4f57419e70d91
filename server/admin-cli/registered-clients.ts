/**
 * What the `plugin` and `app` groups do alike for a registered client: list,
 * show one, and rotate its secret. Each group names its endpoints, how it
 * prints one, and who is handed a new secret.
 */
import type { AdminApi } from './admin-api.ts';
import type { Command, CommandInput } from './command.ts';
import { UsageError } from './command-line.ts';
import { showList, showSecret } from './print.ts';

export interface RegisteredClients<T> {
  readonly noun: 'plugin' | 'app';
  /** What `list` says when none is registered. */
  readonly none: string;
  /** Who the operator gives a new secret to. */
  readonly holder: string;
  list(api: AdminApi): Promise<T[]>;
  get(api: AdminApi, clientId: string): Promise<T>;
  /** A new secret; none for a client that has no secret (a public app). */
  rotate(api: AdminApi, clientId: string): Promise<{ clientId: string; clientSecret?: string | undefined }>;
  show(client: T): string;
}

/** The client id a command names after its own words. */
export function clientIdOf(noun: string, { name, operands }: Pick<CommandInput, 'name' | 'operands'>): string {
  const clientId = operands[0];
  if (!clientId) throw new UsageError(`${name} needs the ${noun}'s client id`);
  return clientId;
}

export function clientCommands<T>(clients: RegisteredClients<T>): Record<'list' | 'show' | 'rotate-secret', Command> {
  return {
    list: async ({ api, log }) => log(showList(await clients.list(api), clients.show, clients.none)),
    show: async (input) => input.log(clients.show(await clients.get(input.api, clientIdOf(clients.noun, input)))),
    'rotate-secret': async (input) => {
      const rotated = await clients.rotate(input.api, clientIdOf(clients.noun, input));
      if (!rotated.clientSecret) throw new Error(`${rotated.clientId} is a public ${clients.noun}: it has no secret`);
      input.log(showSecret(rotated.clientId, rotated.clientSecret));
      input.log(`The old secret no longer works: give this one to ${clients.holder}.`);
    },
  };
}
