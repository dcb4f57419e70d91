/**
 * A stand-in for `zod/mini`, for the `bound` benchmark only: the dashboard weighed without zod's own code.
 * The build is weighed, never run. Each of the API's functions the contract and the dashboard call is here,
 * returning one shared object, and marked free of side effects as zod/mini marks its own: the bundler
 * drops a schema nobody uses, exactly as it does with zod, and keeps every one that is used. A name missing
 * here stops the benchmark (bound.ts turns the bundler's "missing export" into an error).
 */
export * as z from './zod-stand-in-api.ts';
