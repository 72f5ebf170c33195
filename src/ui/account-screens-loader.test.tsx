// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { createTransitionLog } from '../transition-log/transition-log.ts';
import { account, actorAt, ADDRESS, BUILT_IN_CONFIG } from '../../test-support/ui-harness.tsx';

afterEach(cleanup);

// The chunk: held until the test lets it through, failing first (a network blip).
const chunk = vi.hoisted(() => {
  let release!: () => void;
  return { arrived: new Promise<void>((resolve) => (release = resolve)), release, failures: 1 };
});
vi.mock('./account-screens.ts', async (importOriginal) => {
  await chunk.arrived;
  if (chunk.failures > 0) {
    chunk.failures -= 1;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return importOriginal();
});

it("the account's screens: a status while their chunk loads; if it fails, still signed in with a way on; Try again shows the account and its chain panel", async () => {
  const { App, SCREENS_NOT_LOADED } = await import('./App.tsx');
  const { loadAccountScreens } = await import('./account-screens-loader.ts');
  const actor = actorAt({ account: { session: 'signed-in', chain: 'idle', wallet: 'waiting' } }, account());
  await act(async () => render(<App actor={actor} config={BUILT_IN_CONFIG} transitionLog={async () => createTransitionLog()} />));
  expect(screen.getByRole('status').textContent).toBe('Opening your account…');
  expect(screen.queryByTestId('address')).toBeNull();

  await act(async () => {
    chunk.release();
    await loadAccountScreens();
  });
  expect(screen.getByRole('alert').textContent).toBe(SCREENS_NOT_LOADED);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('You are signed in');
  // Nothing was sent: the session stays, and its address is still shown.
  expect(actor.getSnapshot().matches({ account: { session: 'signed-in' } })).toBe(true);
  expect(screen.getByTestId('address').textContent).toBe(ADDRESS);
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();

  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await loadAccountScreens();
  });
  expect(screen.getByTestId('address').textContent).toBe(ADDRESS);
  expect(screen.queryByRole('alert')).toBeNull();
  // The chain panel, which had nothing to show either, is back too.
  expect(screen.getByRole('region', { name: /Your address on Sui/ })).toBeTruthy();
});
