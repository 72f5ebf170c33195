/**
 * Code loaded later: a lazily loaded module, kept once it has arrived, and the moment to load
 * what is not needed yet (when the page is idle).
 */

/**
 * A lazily loaded module, kept once it has arrived: in Chromium, import() of a module
 * already loaded still resolves a task later, behind whatever the page does next (the
 * click's render), so a warm start would reach the network only after it.
 */
export function lazyModule<T>(load: () => Promise<T>) {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load: (): Promise<T> =>
      (loading ??= load().then(
        (module) => (loaded = module),
        (error: unknown) => {
          // A chunk that failed to arrive (a network blip) is asked for again next time.
          loading = undefined;
          throw error;
        },
      )),
    /** The module if it has arrived, else undefined. */
    get: (): T | undefined => loaded,
  };
}

/** Runs `task` once the page has nothing else to do, or a second later at the latest: on a page that is never idle (a long chain of work), the task still runs. */
export const whenIdle = (task: () => void) =>
  window.requestIdleCallback ? window.requestIdleCallback(task, { timeout: 1_000 }) : setTimeout(task, 200);
