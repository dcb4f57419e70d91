/**
 * Every microtask queued so far and those they queue, but no timer: what still runs in the current task.
 * A request is a few dozen promise steps deep (session, headers, answer); 50 rounds drain them all.
 * For tests of what a task starts and what it leaves to a later one (src/lib/tasks/next-task.ts).
 */
export async function restOfThisTask(): Promise<void> {
  for (let round = 0; round < 50; round++) await Promise.resolve();
}
