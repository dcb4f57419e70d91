/**
 * The e2e servers' ports (18200-18299 and 18300-18399). `E2E_PORT_OFFSET`
 * moves them all, so two checkouts can run their journeys side by side.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);

export const ports = {
  sandbox: 18200 + offset,
  production: 18201 + offset,
  notes: 18202 + offset,
  shortSessions: 18203 + offset,
  /** The sandbox's database served with PLATFORM_EXTENSIONS=off: what the platform itself offers. */
  bare: 18204 + offset,
} as const;

/**
 * A production service provisioned only with the admin command (the invitation journey), its dashboard
 * served with a production client id the journey registers.
 */
export const invitation = {
  port: 18250 + offset,
  adminToken: 'e2e-invitation-admin-token',
  clientId: 'app-e2e-trainer-dashboard',
} as const;

/**
 * The invitation journey's own OpenID Provider (18251): its production service names it in OIDC_PROVIDERS
 * with a client and secret of its own, and it knows the invited trainer by the email the import carries.
 */
export const invitationProvider = {
  port: 18251 + offset,
  id: 'e2e-wing',
  name: 'E2E Wing Directory',
  clientId: 'e2e-invitation-platform',
  clientSecret: 'e2e-invitation-openid-secret-9876543210',
  login: 'robin.invited',
  claims: { email: 'robin.invited@e2e-wing.example.mil', email_verified: true },
} as const;

/** Lifetimes on the short-sessions server: a token expires soon, its refresh token a little later. */
export const shortSessions = { tokenSeconds: 3, refreshSeconds: 8 } as const;

/** The mission planner journey's own sandbox service and the sample plugin it calls (range 18300-18399). */
export const plannerPorts = { service: 18300 + offset, plugin: 18301 + offset } as const;

/** The OpenID sign-in journey's own sandbox service and the OpenID Provider it is configured with (range 18240-18249). */
export const openidPorts = { service: 18240 + offset, provider: 18241 + offset } as const;

/** The provider as the service's OIDC_PROVIDERS names it, and the one person it knows (the demo trainer, by email). */
export const openidProvider = {
  id: 'wing',
  name: 'Wing Directory',
  clientId: 'learning-platform',
  clientSecret: 'e2e-openid-client-secret-0123456789',
  login: 'dokafor',
  claims: { email: 'dana.okafor@example.mil', email_verified: true },
} as const;
