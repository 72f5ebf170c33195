/**
 * The app's page over a started machine (boot.ts): React, the App and, in built-in mode,
 * its note. Its own module so that the hosted wallet's window can load it after it has
 * served its dApp's request (wallet-window-main.ts), while the app's page renders it at once.
 */
import { StrictMode, useCallback } from 'react';
import { createRoot } from 'react-dom/client';
import type { StartedApp } from './boot.ts';
import type { OfferedProviders } from './ui/offered-providers.ts';
import { App } from './ui/App.tsx';
import { BuiltInModeNote } from './ui/BuiltInModeNote.tsx';

/** What the hosted wallet's window (wallet-window-main.ts) adds to the app's page. */
export interface PageExtras {
  /** Made outside React (the wallet's connected sites, src/hosted/window-page.ts), perhaps later: shown below the account, above the page's foot. */
  aside?: Promise<HTMLElement | undefined> | undefined;
  /** The sign-in providers offered (the one the window's site asked for); all the configured ones by default. */
  offered?: OfferedProviders | undefined;
  /** The name in the page's header (the hosted wallet's: "Sui zkLogin wallet"). */
  name?: string | undefined;
}

export function renderPage({ actor, config, recorder, query }: StartedApp, { aside, offered, name }: PageExtras = {}): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App
        actor={actor}
        config={config}
        transitionLog={recorder.log}
        devtoolsOpen={query.has('devtools')}
        aside={aside && <MadeOutside node={aside} />}
        offered={offered}
        name={name}
        // A build-time constant: a real-mode page carries none of built-in mode's text.
        footer={__SIGN_IN_CONFIG__.builtIn ? <BuiltInModeNote /> : undefined}
      />
    </StrictMode>,
  );
}

/** A node made outside React, kept in place once it is there: React renders its slot (no box of its own) and never its children. */
function MadeOutside({ node }: { node: Promise<HTMLElement | undefined> }) {
  const adopt = useCallback(
    (slot: HTMLDivElement | null) => void node.then((made) => made && slot?.replaceChildren(made)),
    [node],
  );
  return <div className="made-outside" ref={adopt} />;
}
