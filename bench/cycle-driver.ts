/**
 * The sign-in/sign-out cycles' driver, run inside the page (installed with Playwright's
 * addInitScript, after the probe). The cycles measure the app's heap, and the driver's
 * own work lands in the same heap. Reporting the probe's marks through a Playwright
 * binding at every cycle (as the journeys do) grew the V8 heap by about 900 KB over 1,000
 * cycles that no heap snapshot attributes to any object or code: two runs with the same
 * conditions, one taking marks and one not, gave the same +955 KB of compiled code and
 * +85 KB of objects, and +2,016 against +1,121 KB in all. Driving from outside added
 * Playwright's own compiled code (its injected script, a function per evaluate) besides.
 * So one loop of plain DOM clicks runs the cycles, waiting on the probe's own conditions
 * ('signed-in', 'cleared': bench/probe.ts) without taking marks, and the page asks the
 * driver (through bindings) only for the provider's answer and for a measurement at the
 * checkpoints.
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
    /** The probe's: whether a condition holds now. */
    __benchHolds: (name: string) => boolean;
    __benchCycles: (total: number, checkpoints: number[]) => Promise<void>;
  };
  const button = (name: string) => {
    const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
    if (!found) throw new Error(`the cycle found no "${name}" button`);
    return found;
  };
  /** Resolves once the probe's condition holds, checked on every DOM change and every frame (storage changes touch no DOM). */
  const until = (condition: string) =>
    new Promise<void>((resolve, reject) => {
      let done = false;
      const finish = (error?: Error) => {
        done = true;
        observer.disconnect();
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (!done && page.__benchHolds(condition)) finish();
      };
      const frame = () => {
        check();
        if (!done) requestAnimationFrame(frame);
      };
      const timer = setTimeout(() => finish(new Error(`a cycle waited 30 s for "${condition}"`)), 30_000);
      const observer = new MutationObserver(check);
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      frame();
    });
  page.__benchCycles = async (total, checkpoints) => {
    for (let cycle = 1; cycle <= total; cycle++) {
      button('Sign in with Google').click();
      window.location.hash = await page.__benchFragment();
      await until('signed-in');
      button('Sign out').click();
      await until('cleared');
      if (checkpoints.includes(cycle)) await page.__benchCheckpoint(cycle);
    }
  };
}
