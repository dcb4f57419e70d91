/**
 * The real OpenID Provider of the e2e journeys, as its own process (a
 * playwright webServer): oidc-provider's own development login page, one
 * client, the accounts it is given. Settings from the environment:
 * OP_PORT, OP_CLIENT_ID, OP_CLIENT_SECRET, OP_REDIRECT_URI and OP_ACCOUNTS
 * (JSON: account id -> claims). Test infrastructure only.
 */
import { startOpenidProvider } from './openid-provider.ts';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set`);
  return value;
}

const provider = await startOpenidProvider({
  port: Number(required('OP_PORT')),
  interactions: 'dev',
  accounts: JSON.parse(required('OP_ACCOUNTS')),
});
provider.serve([
  {
    clientId: required('OP_CLIENT_ID'),
    clientSecret: required('OP_CLIENT_SECRET'),
    redirectUris: [required('OP_REDIRECT_URI')],
  },
]);
console.log(`OpenID provider at ${provider.issuer}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    provider.close().then(() => process.exit(0));
  });
}
