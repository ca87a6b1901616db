/**
 * Runs work once the browser has painted the current frame, so the frame that answers a tap
 * is not held up by it: a frame callback runs just before the paint, a task queued from it
 * just after. For a client navigation, whose router builds the request and the next state
 * synchronously (about 50 ms on a slow phone).
 */
export function afterNextPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work, 0));
}
