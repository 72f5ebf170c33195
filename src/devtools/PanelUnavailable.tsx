/**
 * The statechart panel's place when it cannot be shown. Its own small module: the page
 * (src/ui/App.tsx) shows it when the panel's code did not arrive, without loading that code,
 * and the panel shows it when it failed while drawing.
 */
/** Ours (the spec names none): the statechart panel's code or the transition log did not arrive. */
export const DEVTOOLS_NOT_LOADED =
  'The statechart panel could not be loaded (check your connection). The page goes on without it: reload to try again.';

/**
 * In the panel's place when its code or the log did not arrive (or, with its own `message`,
 * when the panel failed while drawing): the page goes on without it.
 */
export function PanelUnavailable({ message = DEVTOOLS_NOT_LOADED }: { message?: string }) {
  return (
    <aside className="devtools devtools-failed" role="region" aria-label="Statechart">
      <h2>Statechart</h2>
      <p role="alert">{message}</p>
    </aside>
  );
}
