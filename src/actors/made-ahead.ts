/**
 * One value made ahead of its use, in memory only: the ephemeral key pair, so that a
 * warm start's nonce request leaves in the task of the pointer's arrival instead of
 * after WebCrypto's key generation and the public key's export (two hops to its thread:
 * 4 to 5 ms of the click's path on the benchmark's page, before the login service's
 * round trip even began). Nothing is sent or stored ahead: the key lives in this page's
 * memory until a sign-in takes it, and goes with the page.
 *
 * A value is taken once, and the next is made at once. One whose making failed is not
 * handed out: the taker makes a new one, so a failure is reported by the step that
 * needs the value, and a browser that recovers is not kept failing. Written here rather
 * than borrowed: it is one pending promise.
 */
export function createMadeAhead<T>(make: () => Promise<T>) {
  let ahead: Promise<T> | undefined;
  /** The value `ahead` gave, once it has: what takeReady hands out with no await. */
  let made: { from: Promise<T>; value: T } | undefined;
  const fill = () => {
    const making = make();
    ahead = making;
    // A failure is kept, not thrown: it is the taker's to report (take makes it again).
    making.then(
      (value) => void (made = { from: making, value }),
      () => {},
    );
  };
  return {
    /** Makes one ahead, unless one is already made or under way. */
    fill(): void {
      if (!ahead) fill();
    },
    /**
     * The value made ahead if it is already there, with no await, so that the caller's
     * next step runs in its own task; another is made ahead. Undefined otherwise (then
     * use take).
     */
    takeReady(): T | undefined {
      if (!ahead || made?.from !== ahead) return undefined;
      const { value } = made;
      made = undefined;
      fill();
      return value;
    },
    /** The value made ahead, or a new one when there was none or its making failed; another is made ahead. */
    async take(): Promise<T> {
      const taken = ahead;
      fill();
      if (taken) {
        try {
          return await taken;
        } catch {
          // Made again below, now that it is needed.
        }
      }
      return make();
    },
  };
}
