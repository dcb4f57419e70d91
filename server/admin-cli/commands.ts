/** Every command of `npm run admin`, by the words that name it, and the one that runs them. */
import type { AdminApi } from './admin-api.ts';
import { appCommands } from './app-commands.ts';
import type { Command, CommandTable } from './command.ts';
import { type Options, UsageError } from './command-line.ts';
import { importFile, listOrgs } from './people-commands.ts';
import { pluginCommands } from './plugin-commands.ts';
import { userCommands } from './user-commands.ts';

const commands: CommandTable = {
  orgs: listOrgs,
  import: importFile,
  plugin: pluginCommands,
  app: appCommands,
  user: userCommands,
};

const entry = <T>(table: Readonly<Record<string, T>>, word: string | undefined): T | undefined =>
  word !== undefined && Object.hasOwn(table, word) ? table[word] : undefined;

export async function runCommand(
  api: AdminApi,
  positionals: readonly string[],
  options: Options,
  log: (line: string) => void,
): Promise<void> {
  const unknown = () => new UsageError(`unknown command "${positionals.join(' ')}"`);
  const [group, action] = positionals;
  const found = entry(commands, group);
  if (found === undefined) throw unknown();
  if (typeof found === 'function') {
    if (positionals.length > 1) throw unknown();
    return found({ api, name: `${group}`, operands: [], options, log });
  }
  const command: Command | undefined = entry(found, action);
  if (command === undefined) throw unknown();
  return command({ api, name: `${group} ${action}`, operands: positionals.slice(2), options, log });
}
