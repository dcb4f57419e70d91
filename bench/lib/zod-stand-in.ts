/**
 * A stand-in for `zod/mini`, for the `bound` benchmark only: it weighs the dashboard without zod's own code.
 * Every schema call the contract makes stays in the build (the stand-in answers each with itself), and
 * `parse` hands back its input; the build is weighed, never run.
 */
type StandIn = ((...args: unknown[]) => StandIn) & { readonly [key: string]: StandIn };

const standIn: StandIn = new Proxy((() => standIn) as unknown as StandIn, {
  get: (_target, key) => (key === 'parse' || key === 'safeParse' ? (input: unknown) => input : standIn),
  apply: () => standIn,
});

export const z = standIn;
export default standIn;
