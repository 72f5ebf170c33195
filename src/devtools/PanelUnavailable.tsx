/** Ours (the spec names none): the statechart panel's code or the transition log did not arrive. */
export const DEVTOOLS_NOT_LOADED =
  'The statechart panel could not be loaded (check your connection). The page goes on without it: reload to try again.';

/** In the panel's place when its code or the log did not arrive: the page goes on without it. */
export function DevtoolsNotLoaded() {
  return (
    <aside className="devtools devtools-failed" role="region" aria-label="Statechart">
      <h2>Statechart</h2>
      <p role="alert">{DEVTOOLS_NOT_LOADED}</p>
    </aside>
  );
}
