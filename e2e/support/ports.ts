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

/** Lifetimes on the short-sessions server: a token expires soon, its refresh token a little later. */
export const shortSessions = { tokenSeconds: 3, refreshSeconds: 8 } as const;

/** The mission planner journey's own sandbox service and the sample plugin it calls (range 18300-18399). */
export const plannerPorts = { service: 18300 + offset, plugin: 18301 + offset } as const;
