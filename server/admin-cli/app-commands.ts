/** `app …`: register an OAuth client (an app), replace its redirect URIs. */
import { adminEndpoints as admin } from '../../contract/endpoints/admin.ts';
import type { Command } from './command.ts';
import { commaList, UsageError } from './command-line.ts';
import { showApp, showSecret } from './print.ts';
import { clientCommands, clientIdOf } from './registered-clients.ts';

const add: Command = async ({ api, options, log }) => {
  const name = options.name;
  if (!name) throw new UsageError('app add needs --name');
  const environment = options.environment;
  if (environment !== 'sandbox' && environment !== 'production') {
    throw new UsageError('app add needs --environment sandbox or --environment production');
  }
  const clientIdFlag = options['client-id'];
  const made = await api.call(admin.adminCreateApp, {
    body: {
      name,
      environment,
      ...(clientIdFlag ? { clientId: clientIdFlag } : {}),
      ...(options.training === true ? { scopes: ['training'] } : {}),
      redirectUris: commaList(options['redirect-uris'], '--redirect-uris'),
      confidential: options.confidential === true,
      ...(options.implicit === true ? { implicit: true } : {}),
    },
  });
  if (made.clientSecret) log(showSecret(made.app.clientId, made.clientSecret));
  log(showApp(made.app));
};

export const appCommands: Record<string, Command> = {
  ...clientCommands({
    noun: 'app',
    none: 'No apps registered.',
    holder: 'the app',
    list: (api) => api.call(admin.adminListApps),
    get: (api, clientId) => api.call(admin.adminGetApp, { params: { clientId } }),
    rotate: async (api, clientId) => {
      const rotated = await api.call(admin.adminRotateAppSecret, { params: { clientId } });
      return { clientId: rotated.app.clientId, clientSecret: rotated.clientSecret };
    },
    show: showApp,
  }),
  add,
  'set-redirect-uris': async (input) => {
    const params = { clientId: clientIdOf('app', input) };
    const redirectUris = commaList(input.operands[1], 'URIS');
    input.log(showApp(await input.api.call(admin.adminSetRedirectUris, { params, body: { redirectUris } })));
  },
};
