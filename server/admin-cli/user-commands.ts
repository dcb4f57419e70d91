/** `user invite` and `user reset-password`: a single-use link for a person to set their password, printed once. */
import { adminEndpoints as admin } from '../../contract/endpoints/admin.ts';
import type { PasswordLink } from '../../contract/passwords.ts';
import type { Command, CommandInput } from './command.ts';
import { UsageError } from './command-line.ts';
import { showPasswordLink } from './print.ts';

function userIdOf({ name, operands }: CommandInput): string {
  const [userId, ...rest] = operands;
  if (!userId || rest.length > 0) throw new UsageError(`${name} needs one <userId>`);
  return userId;
}

/**
 * The link's whole address: on the service the command called (`--url`), or
 * the service's own PUBLIC_URL; with neither, the service's path and what to set.
 */
function addressOf(link: PasswordLink, url: string | undefined): string | undefined {
  if (url !== undefined) return `${url.replace(/\/+$/, '')}${link.path}`;
  return link.url ?? undefined;
}

const issue =
  (endpoint: typeof admin.adminInviteUser | typeof admin.adminResetPassword): Command =>
  async (input) => {
    const link = await input.api.call(endpoint, { params: { userId: userIdOf(input) } });
    input.log(showPasswordLink(link, addressOf(link, input.options.url)));
  };

export const userCommands: Record<string, Command> = {
  invite: issue(admin.adminInviteUser),
  'reset-password': issue(admin.adminResetPassword),
};
