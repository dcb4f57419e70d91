/**
 * How long an answer stays fresh unless its query says otherwise: the app's QueryClient default
 * (app/query-client.ts). A query that relies on it being fresh for that long names it too, so it
 * holds under any client (a component test's has no default).
 */
export const FRESH_FOR_MS = 30_000;
