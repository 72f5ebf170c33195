/**
 * Boot: read the configuration, start the machine (before React, so a callback's request
 * goes out at once), attach the inspector when asked, render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startSignInActor } from './app/sign-in-actor.ts';
import { parseConfig } from './config.ts';
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
  const wantsInspector = config.inspect || new URLSearchParams(window.location.search).has('inspect');
  const inspect = wantsInspector ? (await import('./app/inspector.ts')).createInspector() : undefined;
  const actor = startSignInActor(config, inspect);
  root.render(
    <StrictMode>
      <App actor={actor} config={config} />
    </StrictMode>,
  );
}

void boot();
