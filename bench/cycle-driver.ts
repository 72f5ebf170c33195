/**
 * The sign-in/sign-out cycles' driver, run inside the page (installed with Playwright's
 * addInitScript, after the probe). The cycles measure the app's heap, and Playwright's
 * own page-side code (its injected script, a compiled function per evaluate) lives in the
 * same heap: driven from outside, each cycle's locator clicks and evaluates added the
 * driver's compiled code to the figure. Here one loop of plain DOM clicks runs them all,
 * waiting on the probe's own conditions ('signed-in', 'cleared': bench/probe.ts); the
 * page asks the driver (through bindings) only for what it cannot do itself: the
 * provider's answer, and a measurement at the checkpoints.
 */
export interface CycleBindings {
  /** The provider's answer (a callback fragment) to the sign-in the page has just started. */
  __benchFragment: () => Promise<string>;
  /** Measure now, after `cycle` cycles; the loop waits for it. */
  __benchCheckpoint: (cycle: number) => Promise<void>;
}

/** Runs in the page (serialised by Playwright's addInitScript). */
export function installCycleDriver() {
  const page = window as unknown as CycleBindings & {
    /** The probe's: runs `then` once the named condition holds. */
    __benchArm: (name: string, then: () => void) => void;
    __benchCycles: (total: number, checkpoints: number[]) => Promise<void>;
  };
  const button = (name: string) => {
    const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
    if (!found) throw new Error(`the cycle found no "${name}" button`);
    return found;
  };
  const until = (condition: string) => new Promise<void>((resolve) => page.__benchArm(condition, resolve));
  page.__benchCycles = async (total, checkpoints) => {
    for (let cycle = 1; cycle <= total; cycle++) {
      button('Sign in with Google').click();
      const signedIn = until('signed-in');
      window.location.hash = await page.__benchFragment();
      await signedIn;
      const cleared = until('cleared');
      button('Sign out').click();
      await cleared;
      if (checkpoints.includes(cycle)) await page.__benchCheckpoint(cycle);
    }
  };
}
