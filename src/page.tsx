/**
 * The app's page over a started machine (boot.ts): React, the App and, in built-in mode,
 * its note. Its own module so that the hosted wallet's window can load it after it has
 * served its dApp's request (wallet-window-main.ts), while the app's page renders it at once.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { StartedApp } from './boot.ts';
import { App } from './ui/App.tsx';
import { BuiltInModeNote } from './ui/BuiltInModeNote.tsx';

export function renderPage({ actor, config, recorder, query }: StartedApp): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App
        actor={actor}
        config={config}
        transitionLog={recorder.log}
        devtoolsOpen={query.has('devtools')}
        // A build-time constant: a real-mode page carries none of built-in mode's text.
        footer={__SIGN_IN_CONFIG__.builtIn ? <BuiltInModeNote /> : undefined}
      />
    </StrictMode>,
  );
}
