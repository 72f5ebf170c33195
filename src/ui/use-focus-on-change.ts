import { useCallback, useEffect, useRef } from 'react';

/**
 * Keyboard focus across the page's changes, by two rules.
 *
 * A control disabled while the work it started runs (Refresh, Send, Sign message…) loses the
 * focus: the browser moves it to the document's body. When it is enabled again and the focus
 * is still nowhere, it gets it back, so a keyboard visitor goes on from where they were rather
 * than from the top of the page (`useKeptFocus`).
 *
 * When `key` (the state's screen) changes after the first render, the focus goes to the page
 * heading: each state replaces the buttons of the last one, and without this a keyboard or
 * screen-reader user would lose their place. Not while the control that had it is still in
 * the page, waiting to be enabled: a send that first creates the proof changes the screen
 * under it, and the heading would take the visitor away from the send's result.
 */
export function useFocusOnChange(key: string) {
  const waiting = useKeptFocus();
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    if (waiting()) return;
    const target = document.getElementById('page-title');
    if (target && !target.contains(document.activeElement)) target.focus({ preventScroll: false });
  }, [key, waiting]);
}

const focusIsNowhere = () => document.activeElement === null || document.activeElement === document.body;
const isDisabled = (control: Element) => control.matches(':disabled');

/**
 * Gives the focus back to a control that lost it by being disabled, once it is enabled again
 * and the focus is nowhere (a dialog it opened may have had it meanwhile). Returns a reading
 * of the control that waits for it: still in the page, still disabled, and the focus on it or
 * nowhere; null when none. Written here, not taken from a library: it is a focusin listener
 * and one MutationObserver.
 */
export function useKeptFocus() {
  const state = useRef<{ focused: HTMLElement | null; waiting: HTMLElement | null }>({ focused: null, waiting: null });
  useEffect(() => {
    const kept = state.current;
    const observer = new MutationObserver((records) => {
      for (const { target } of records) {
        if (!(target instanceof HTMLElement)) continue;
        if (isDisabled(target)) {
          // Disabled in the visitor's hands: it waits for the focus to come back to it.
          if (target === kept.focused && (document.activeElement === target || focusIsNowhere())) kept.waiting = target;
        } else if (target === kept.waiting) {
          kept.waiting = null;
          if (target.isConnected && focusIsNowhere()) target.focus({ preventScroll: true });
        }
      }
    });
    const onFocusIn = (event: FocusEvent) => {
      if (!(event.target instanceof HTMLElement)) return;
      kept.focused = event.target;
      observer.disconnect();
      observer.observe(event.target, { attributes: true, attributeFilter: ['disabled'] });
      if (kept.waiting && kept.waiting !== event.target)
        observer.observe(kept.waiting, { attributes: true, attributeFilter: ['disabled'] });
    };
    // The visitor took the focus away themselves (a click on the page's background): it is not kept for them.
    const onFocusOut = (event: FocusEvent) => {
      if (event.target === kept.focused && event.target instanceof HTMLElement && !isDisabled(event.target)) kept.focused = null;
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      observer.disconnect();
    };
  }, []);
  // Read as the screen changes: React may run that before the observer has seen the change.
  return useCallback(() => {
    const { waiting, focused } = state.current;
    const control = waiting ?? focused;
    return control?.isConnected && isDisabled(control) && (document.activeElement === control || focusIsNowhere())
      ? control
      : null;
  }, []);
}
