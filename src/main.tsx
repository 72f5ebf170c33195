/**
 * Boot: read the configuration, start the machine (before React, so a callback's request
 * goes out at once), attach the inspector when asked, render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadSignInCode } from './actors/sign-in-actors.ts';
import { startSignInActor } from './app/sign-in-actor.ts';
import { createTransitionLog, type TransitionEntry } from './app/transition-log.ts';
import { parseConfig } from './config.ts';
import { isCallbackFragment } from './zklogin/callback.ts';
import { App } from './ui/App.tsx';
import { ConfigError } from './ui/ConfigError.tsx';
import './ui/styles.css';

async function boot() {
  const root = createRoot(document.getElementById('root')!);
  const result = parseConfig(import.meta.env, window.location.href);
  if (!result.ok) {
    root.render(<ConfigError errors={result.errors} />);
    return;
  }
  const { config } = result;
  const query = new URLSearchParams(window.location.search);
  // Read before the machine starts: it removes the fragment as soon as it takes it.
  const isCallbackPage = isCallbackFragment(window.location.hash);
  const wantsInspector = config.inspect || query.has('inspect');
  const inspector = wantsInspector ? (await import('./app/inspector.ts')).createInspector() : undefined;
  const log = createTransitionLog();
  // A test harness may listen (Playwright attaches the log to its report); nothing else does.
  const reporter = (window as { __zkloginTransition?: (entry: TransitionEntry) => void }).__zkloginTransition;
  if (reporter) log.subscribe(reporter);
  const actor = startSignInActor(config, {
    next: (event) => {
      log.observe(event);
      inspector?.next?.(event);
    },
  });
  root.render(
    <StrictMode>
      <App actor={actor} config={config} log={log} devtoolsOpen={query.has('devtools')} />
    </StrictMode>,
  );
  // The Sui code is not on the first page: fetch it while the browser has nothing to do,
  // or at once on a callback page, where "Create proof" is the likely next click.
  const whenIdle = window.requestIdleCallback ?? ((task: () => void) => setTimeout(task, 200));
  if (isCallbackPage) preloadSignInCode();
  else whenIdle(preloadSignInCode);
}

void boot();
