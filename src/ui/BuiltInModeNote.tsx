/**
 * What a built-in mode page says of itself: at the top, where a visitor sees it before
 * anything else, that it is a demo (the banner, in the page's header); at its foot, what the
 * mocks are and how developers open the statechart (the note). Both are chosen at build
 * time (src/ui/App.tsx, src/main.tsx), so a real-mode page carries none of this text.
 */
import { DEVTOOLS_SHORTCUT } from './use-devtools-toggle.ts';

/** Seen first, on every screen: nothing on this page is a real sign-in. */
export function BuiltInModeBanner() {
  return (
    <p className="built-in-banner">
      <strong>Demo</strong> · built-in mode: test identities and mock services, no real account or coin.
    </p>
  );
}

/** The footer of a built-in mode page: for developers, what the banner's "mock services" are (not the banner again). */
export function BuiltInModeNote() {
  return (
    <p>
      <strong>Built-in mode:</strong> a mock identity provider, a mock login service and a mock Sui node. Developers: press{' '}
      <kbd>{DEVTOOLS_SHORTCUT}</kbd> (or add <code className="keep-whole">?devtools</code>) to see the statechart.
    </p>
  );
}
