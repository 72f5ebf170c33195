import { Component, type ReactNode } from 'react';

/** Ours (the spec names none): the statechart panel's code or the transition log did not arrive. */
export const DEVTOOLS_NOT_LOADED =
  'The statechart panel could not be loaded (check your connection). The page goes on without it: reload to try again.';

/**
 * Keeps a panel that failed to load (its chunk, or the transition log's) to itself: without
 * a boundary React unmounts the whole page on the error, the account with it. A class,
 * because React catches render errors only in one.
 */
export class DevtoolsBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <aside className="devtools devtools-failed" role="region" aria-label="Statechart">
        <h2>Statechart</h2>
        <p role="alert">{DEVTOOLS_NOT_LOADED}</p>
      </aside>
    );
  }
}
