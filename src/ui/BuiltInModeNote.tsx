import { DEVTOOLS_SHORTCUT } from './use-devtools-toggle.ts';

/**
 * The footer of a built-in mode page: that nothing real is used, and how developers open
 * the statechart. The boot chooses it at build time (src/main.tsx), so a real-mode page
 * carries none of this text.
 */
export function BuiltInModeNote() {
  return (
    <p>
      <strong>Built-in mode:</strong> a mock identity provider, a mock login service and a mock Sui node; no real account or coin
      is used. Developers: press <kbd>{DEVTOOLS_SHORTCUT}</kbd> (or add <code className="keep-whole">?devtools</code>) to see the
      statechart.
    </p>
  );
}
