/** The e2e servers' ports (this task's range is 18200-18299). */
export const ports = { sandbox: 18200, production: 18201, notes: 18202, shortSessions: 18203 } as const;

/** Lifetimes on the short-sessions server: a token expires soon, its refresh token a little later. */
export const shortSessions = { tokenSeconds: 3, refreshSeconds: 8 } as const;

/** The mission planner journey's own sandbox service and the sample plugin it calls (range 18300-18399). */
export const plannerPorts = { service: 18300, plugin: 18301 } as const;
