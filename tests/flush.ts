/**
 * Lets the work a test just set off run to its next wait: every queued promise callback, and anything the code under
 * test queued for "now" (a zero-delay timer). The code's own timers run on injected clocks, which only a test moves.
 */
export const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
