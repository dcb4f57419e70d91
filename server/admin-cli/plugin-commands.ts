/** `plugin …`: register a plugin, grant it API sets and orgs, set its mission planner addresses. */
import { adminEndpoints as admin } from '../../contract/endpoints/admin.ts';
import { pluginPermissionSchema } from '../../contract/plugin-permissions.ts';
import type { Command } from './command.ts';
import { commaList, type Options, UsageError } from './command-line.ts';
import { type AdminPlugin, showPlugin, showSecret } from './print.ts';
import { clientCommands, clientIdOf, type RegisteredClients } from './registered-clients.ts';

const plugins: RegisteredClients<AdminPlugin> = {
  noun: 'plugin',
  none: 'No plugins registered.',
  holder: "the plugin's operator",
  list: (api) => api.call(admin.adminListPlugins),
  get: (api, clientId) => api.call(admin.adminGetPlugin, { params: { clientId } }),
  rotate: async (api, clientId) => {
    const rotated = await api.call(admin.adminRotateSecret, { params: { clientId } });
    return { clientId: rotated.plugin.clientId, clientSecret: rotated.clientSecret };
  },
  show: showPlugin,
};

function apiSets(value: string | undefined, flag: string) {
  return commaList(value, flag).map((set) => {
    const parsed = pluginPermissionSchema.safeParse(set);
    if (!parsed.success) throw new UsageError(`${flag}: "${set}" is not an API set`);
    return parsed.data;
  });
}

function addresses(options: Options) {
  if (options.none === true) return { capabilitiesUrl: null, candidatesUrl: null };
  const capabilitiesUrl = options['capabilities-url'];
  const candidatesUrl = options['candidates-url'];
  if (!capabilitiesUrl || !candidatesUrl) {
    throw new UsageError('give both --capabilities-url and --candidates-url (or --none to switch both off)');
  }
  return { capabilitiesUrl, candidatesUrl };
}

const add: Command = async ({ api, options, log }) => {
  const name = options.name;
  if (!name) throw new UsageError('plugin add needs --name');
  const permissions = apiSets(options['api-sets'], '--api-sets');
  const orgIds = options.orgs === undefined ? [] : commaList(options.orgs, '--orgs');
  const urls = options['capabilities-url'] || options['candidates-url'] ? addresses(options) : undefined;
  const clientIdFlag = options['client-id'];
  // One request: the service checks the addresses and orgs before it makes anything, so a refusal
  // prints no secret and leaves no plugin half made.
  const made = await api.call(admin.adminCreatePlugin, {
    body: {
      name,
      ...(clientIdFlag ? { clientId: clientIdFlag } : {}),
      permissions,
      orgIds,
      ...(urls ? { addresses: urls } : {}),
    },
  });
  log(showSecret(made.plugin.clientId, made.clientSecret));
  log(showPlugin(made.plugin));
};

export const pluginCommands: Record<string, Command> = {
  ...clientCommands(plugins),
  add,
  'set-api-sets': async (input) => {
    const params = { clientId: clientIdOf('plugin', input) };
    const permissions = apiSets(input.operands[1], 'SETS');
    input.log(showPlugin(await input.api.call(admin.adminSetPermissions, { params, body: { permissions } })));
  },
  'set-orgs': async (input) => {
    const params = { clientId: clientIdOf('plugin', input) };
    const orgIds = commaList(input.operands[1], 'ORGS');
    input.log(showPlugin(await input.api.call(admin.adminSetOrgs, { params, body: { orgIds } })));
  },
  'set-addresses': async (input) => {
    const params = { clientId: clientIdOf('plugin', input) };
    input.log(showPlugin(await input.api.call(admin.adminSetAddresses, { params, body: addresses(input.options) })));
  },
};
