/** What one command of the admin command is given, and what it is. */
import type { AdminApi } from './admin-api.ts';
import type { Options } from './command-line.ts';

export interface CommandInput {
  readonly api: AdminApi;
  /** The command's words as typed (`plugin show`), for its messages. */
  readonly name: string;
  /** The words after the command's own (`plugin show <clientId>`: the client id). */
  readonly operands: readonly string[];
  readonly options: Options;
  readonly log: (line: string) => void;
}

export type Command = (input: CommandInput) => Promise<void>;

/** A command of its own (`orgs`), or a group of them named by their second word (`plugin list`). */
export type CommandTable = Readonly<Record<string, Command | Readonly<Record<string, Command>>>>;
