/**
 * Resolves in a later task: a timer, and each timer fires in a task of its own. Work after
 * `await nextTask()` lets the browser run what is due first (a paint, input), so a step that
 * need not happen now does not lengthen the task that is running.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * For a query whose request need not start in the task that subscribed it: waits a task, then
 * stops (throws the signal's reason) if the query was cancelled meanwhile, so nothing is asked
 * for a card or a section that went away before its turn. Starting a request costs the main
 * thread 1–3 ms on a phone; a page that subscribes a dozen queries in one commit's effects made
 * that commit its longest task.
 */
export async function inATaskOfItsOwn(signal: AbortSignal): Promise<void> {
  await nextTask();
  signal.throwIfAborted();
}
