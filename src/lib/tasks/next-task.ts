/**
 * Resolves in a later task: a timer, and each timer fires in a task of its own. Work after
 * `await nextTask()` lets the browser run what is due first (a paint, input), so a step that
 * need not happen now does not lengthen the task that is running.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
