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
