/**
 * What the benchmark injects into every document of a page (both apps alike, and the
 * provider's page between them): marks taken in the page itself, reported to the driver
 * as they happen. Each mark carries the wall-clock time in the browser's high-resolution
 * clock (timeOrigin + now), so that a step that starts on one document and ends on the
 * next (the click, then the provider's page) is measured in one clock, and the time since
 * this document's navigation started. Conditions are what the visitor sees, checked on
 * every DOM change and frame.
 */
export interface ProbeMark {
  name: string;
  /** ms on the browser's clock, comparable across documents */
  at: number;
  /** ms since this document's navigation started */
  sinceNavigation: number;
}

/** Runs in the page (serialised by Playwright's addInitScript). */
export function installProbe() {
  const report = (window as unknown as { __benchReport: (mark: ProbeMark) => void }).__benchReport;
  const mark = (name: string) => {
    const now = performance.now();
    report({ name, at: performance.timeOrigin + now, sinceNavigation: now });
  };

  const storageValues = () => Object.keys(sessionStorage).map((key) => sessionStorage.getItem(key) ?? '');
  const buttons = () => [...document.querySelectorAll('button')];
  const button = (name: string) => buttons().find((b) => b.textContent?.trim() === name);
  const enabled = (name: string) => !!button(name) && !button(name)!.disabled;
  const state = () => document.querySelector('[data-sign-in-state]')?.getAttribute('data-sign-in-state');
  const text = (selector: string) => document.querySelector(selector)?.textContent?.trim() ?? '';

  const conditions: Record<string, () => boolean> = {
    usable: () => enabled('Sign in with Google'),
    // The provider's page, with its Continue button on screen.
    'provider-shown': () => buttons().some((b) => b.textContent?.startsWith('Continue as')),
    'signed-in': () =>
      (state() === 'signed-in' || state() === 'ready') &&
      text('[data-testid="address"]').startsWith('0x') &&
      storageValues().some((v) => v.includes('"address"')),
    ready: () => state() === 'ready' && enabled('Sign message'),
    signature: () => text('[data-testid="signature"]').length > 0,
    cleared: () => enabled('Sign in with Google') && storageValues().length === 0,
  };
  /** Armed conditions, each with what to do once it holds. */
  const armed = new Map<string, () => void>([
    ['usable', () => {}],
    ['provider-shown', () => {}],
    ['signed-in', () => {}],
  ]);
  const check = () => {
    for (const [name, then] of [...armed]) {
      if (conditions[name]!()) {
        armed.delete(name);
        mark(name);
        then();
      }
    }
  };
  const frame = () => {
    check();
    if (armed.size > 0) requestAnimationFrame(frame);
  };
  const arm = (name: string, then: () => void = () => {}) => {
    armed.set(name, then);
    check();
    requestAnimationFrame(frame);
  };
  const globals = window as unknown as {
    __benchArm: typeof arm;
    __benchHolds: (name: string) => boolean;
    __benchAutopilot: () => void;
  };
  globals.__benchArm = arm;
  /** Whether a condition holds now, with no mark (the cycle driver's waits: bench/cycle-driver.ts). */
  globals.__benchHolds = (name) => conditions[name]!();
  /**
   * A visitor who wants a signature at once: Create proof, then Sign message as soon as
   * it is enabled. Clicked in the page, so the driver's own delay is not in the figure.
   */
  globals.__benchAutopilot = () => {
    mark('autopilot');
    arm('ready', () => button('Sign message')!.click());
    arm('signature');
    button('Create proof')!.click();
  };
  document.addEventListener(
    'click',
    (event) => {
      const target = (event.target as Element).closest('button');
      if (target) mark(`click:${target.textContent?.trim()}`);
    },
    true,
  );
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  requestAnimationFrame(frame);
}
