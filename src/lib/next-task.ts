/**
 * Resolves in a task after this one, so that work split around it does not make one long task:
 * the page can answer a key press in between. A message rather than a timer, as React's scheduler
 * yields: it does not wait on timers, which a page's clock can hold (a test's, or a throttled
 * background tab's).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
