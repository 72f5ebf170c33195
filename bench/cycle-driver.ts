/**
 * The sign-in/sign-out cycles' driver, run inside the page (installed with Playwright's
 * addInitScript, beside the probe). The cycles measure the app's heap, and Playwright's
 * own page-side code (its injected script, a compiled function per evaluate) lives in the
 * same heap: driven from outside, each cycle's locator clicks and evaluates added the
 * driver's compiled code to the figure. Here one loop of plain DOM clicks runs them all;
 * the page asks the driver (through bindings) only for what it cannot do itself: the
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
  const page = window as unknown as CycleBindings & { __benchCycles: (total: number, checkpoints: number[]) => Promise<void> };
  const button = (name: string) =>
    [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name && !b.disabled);
  /** Resolves once `holds` is true, checked on every DOM change and every frame (storage changes touch no DOM). */
  const until = (holds: () => boolean) =>
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
        if (!done && holds()) finish();
      };
      const frame = () => {
        check();
        if (!done) requestAnimationFrame(frame);
      };
      const timer = setTimeout(() => finish(new Error('a cycle waited 30 s for the page')), 30_000);
      const observer = new MutationObserver(check);
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      frame();
    });
  const state = () => document.querySelector('[data-sign-in-state]')?.getAttribute('data-sign-in-state');
  const address = () => document.querySelector('[data-testid="address"]')?.textContent?.trim() ?? '';
  page.__benchCycles = async (total, checkpoints) => {
    for (let cycle = 1; cycle <= total; cycle++) {
      await until(() => !!button('Sign in with Google'));
      button('Sign in with Google')!.click();
      const fragment = await page.__benchFragment();
      window.location.hash = fragment;
      // Signed in: the address shown and the session stored.
      await until(
        () =>
          (state() === 'signed-in' || state() === 'ready') &&
          address().startsWith('0x') &&
          !!button('Sign out') &&
          Object.keys(sessionStorage).some((key) => sessionStorage.getItem(key)?.includes('"address"')),
      );
      button('Sign out')!.click();
      // Signed out: the buttons back and nothing stored.
      await until(() => !!button('Sign in with Google') && sessionStorage.length === 0);
      if (checkpoints.includes(cycle)) await page.__benchCheckpoint(cycle);
    }
  };
}
