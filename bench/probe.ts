/**
 * What the benchmark injects into each page (both apps alike): marks taken in the page
 * itself against performance.now() (whose origin is the navigation start), reported to
 * the driver as they happen. Conditions are checked on every DOM change and frame.
 */
export interface ProbeMark {
  name: string;
  /** ms since this page's navigation started */
  at: number;
}

/** Runs in the page (serialised by Playwright's addInitScript). */
export function installProbe() {
  const report = (window as unknown as { __benchReport: (mark: ProbeMark) => void }).__benchReport;
  const mark = (name: string) => report({ name, at: performance.now() });

  const storageValues = () => Object.keys(sessionStorage).map((key) => sessionStorage.getItem(key) ?? '');
  const button = (name: string) =>
    [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) as HTMLButtonElement | undefined;
  const state = () => document.querySelector('[data-sign-in-state]')?.getAttribute('data-sign-in-state');
  const address = () => document.querySelector('[data-testid="address"]')?.textContent?.trim() ?? '';

  const conditions: Record<string, () => boolean> = {
    usable: () => !!button('Sign in with Google') && !button('Sign in with Google')!.disabled,
    'signed-in': () =>
      (state() === 'signed-in' || state() === 'ready') &&
      address().startsWith('0x') &&
      storageValues().some((v) => v.includes('"address"')),
    ready: () => state() === 'ready',
    cleared: () => !!button('Sign in with Google') && !button('Sign in with Google')!.disabled && storageValues().length === 0,
  };
  const armed = new Set<string>(['usable', 'signed-in']);
  const check = () => {
    for (const name of [...armed]) {
      if (conditions[name]!()) {
        armed.delete(name);
        mark(name);
      }
    }
  };
  (window as unknown as { __benchArm: (name: string) => void }).__benchArm = (name) => {
    armed.add(name);
    check();
  };
  document.addEventListener(
    'click',
    (event) => {
      const target = (event.target as Element).closest('button');
      if (target) mark(`click:${target.textContent?.trim()}`);
    },
    true,
  );
  (window as unknown as { navigation?: EventTarget }).navigation?.addEventListener('navigate', () => mark('navigate'));
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const frame = () => {
    check();
    if (armed.size > 0) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const rearm = (window as unknown as { __benchArm: (name: string) => void }).__benchArm;
  // Re-poll armed conditions on frames whenever something new is armed.
  (window as unknown as { __benchArm: (name: string) => void }).__benchArm = (name) => {
    rearm(name);
    requestAnimationFrame(frame);
  };
}
