/**
 * Ends the current task: the browser paints and handles input before the next step runs. Start-up
 * is cut into such steps, since on a slow phone each one is a long task of its own.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
