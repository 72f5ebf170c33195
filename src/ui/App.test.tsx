// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTransitionLog } from '../transition-log/transition-log.ts';
import { App } from './App.tsx';
import { BuiltInModeNote } from './BuiltInModeNote.tsx';
import { offeredProviders } from './offered-providers.ts';
import { loadAccountScreens } from './account-screens-loader.ts';
import { account, actorAt, ADDRESS, BUILT_IN_CONFIG } from '../../test-support/ui-harness.tsx';

afterEach(cleanup);

const renderApp = (actor: ReturnType<typeof actorAt>) =>
  render(<App actor={actor} config={BUILT_IN_CONFIG} transitionLog={async () => createTransitionLog()} />);
const stateAttribute = (container: HTMLElement) =>
  container.querySelector('[data-sign-in-state]')!.getAttribute('data-sign-in-state');
const buttonNames = () =>
  within(screen.getByRole('main'))
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('App: one view per state, chosen by tags', () => {
  it.each([
    ['restoring', 'restoring', 'Checking for an existing session…'],
    [{ redirecting: 'preparing' }, 'redirecting', 'Preparing a secure sign-in with Google…'],
    [{ redirecting: 'navigating' }, 'redirecting', 'Preparing a secure sign-in with Google…'],
    ['callback-validating', 'callback-validating', 'Checking the sign-in response…'],
    ['fetching-login', 'fetching-login', 'Getting your Sui address…'],
  ] as const)('%o: the busy status, no controls', (value, name, text) => {
    const { container } = renderApp(actorAt(value, { requestedProvider: 'google' }));
    expect(stateAttribute(container)).toBe(name);
    expect(screen.getByRole('heading', { level: 1 })).toHaveProperty('textContent', text);
    expect(buttonNames()).toEqual([]);
  });

  it.each([
    [{ idle: 'cold' }, 'idle'],
    [{ 'logged-out': { done: 'cold' } }, 'logged-out'],
  ] as const)('%o: the sign-in buttons', (value, name) => {
    const { container } = renderApp(actorAt(value));
    expect(stateAttribute(container)).toBe(name);
    expect(buttonNames()).toEqual(['Sign in with Google', 'Sign in with Facebook', 'Sign in with Twitch']);
  });

  it.each([
    [
      'signed-in',
      { account: { session: 'signed-in', chain: 'idle', wallet: 'waiting' } },
      ['Copy address', 'Create proof', 'Sign out'],
    ],
    [
      'proving',
      { account: { session: 'proving', chain: 'idle', wallet: 'waiting' } },
      ['Copy address', 'Create proof', 'Sign out'],
    ],
    [
      'ready',
      { account: { session: { ready: 'waiting' }, chain: 'idle', wallet: 'waiting' } },
      ['Copy address', 'Sign out', 'Sign message'],
    ],
  ] as const)('%s: the account, and its address on chain below it', async (name, value, buttons) => {
    // The screens' chunk arrives inside an awaited act (React retries what suspended on it).
    const { container } = await act(async () => renderApp(actorAt(value, account({ balance: '1500000000' }))));
    expect(stateAttribute(container)).toBe(name);
    expect((await screen.findByTestId('address')).textContent).toBe(ADDRESS);
    expect(buttonNames()).toEqual(buttons);
    // Loaded with the account, not on the first page.
    const chain = await screen.findByRole('region', { name: /Your address on Sui/ });
    expect(within(chain).getByTestId('balance').textContent).toBe('1.5 SUI');
    expect(
      within(chain)
        .queryAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Refresh', 'Get test SUI', 'Send']);
  });

  it("once the account's screens have arrived (main.tsx asks for them ahead), the account renders at once", async () => {
    await loadAccountScreens();
    renderApp(actorAt({ account: { session: 'signed-in', chain: 'idle', wallet: 'waiting' } }, account()));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByTestId('address').textContent).toBe(ADDRESS);
  });

  it('no chain panel without an account', () => {
    renderApp(actorAt({ idle: 'cold' }));
    expect(screen.queryByRole('region', { name: /Your address on Sui/ })).toBeNull();
  });

  it('on the way to the provider long after the page should have gone: the wait goes on, with the way back to the buttons', () => {
    const actor = actorAt({ redirecting: 'stalled' }, { requestedProvider: 'twitch' });
    renderApp(actor);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Preparing a secure sign-in with Twitch…');
    expect(screen.getByRole('status').textContent).toContain("Still waiting for Twitch's page.");
    expect(buttonNames()).toEqual(['Back to sign-in']);
    act(() => screen.getByRole('button', { name: 'Back to sign-in' }).click());
    expect(actor.getSnapshot().matches('restoring')).toBe(true);
  });

  it('failed: the failed login lookup with its two ways on', () => {
    const failure = { code: 'http_503', message: 'Try later.', step: 'fetching-login', retryable: true } as const;
    const { container } = renderApp(actorAt('failed', { failure }));
    expect(stateAttribute(container)).toBe('failed');
    expect(screen.getByRole('alert').textContent).toBe('Try later.');
    expect(buttonNames()).toEqual(['Try again', 'Start over']);
  });
});

describe('App: the footer', () => {
  it("names the network, unless the boot gives another footer (built-in mode's note)", () => {
    const actor = actorAt({ idle: 'cold' });
    renderApp(actor);
    expect(screen.getByRole('contentinfo').textContent).toBe('Network: testnet');
    cleanup();
    render(
      <App
        actor={actor}
        config={BUILT_IN_CONFIG}
        transitionLog={async () => createTransitionLog()}
        footer={<BuiltInModeNote />}
      />,
    );
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toMatch(/^Built-in mode: a mock identity provider, a mock login service and a mock Sui node\. /);
    // The banner says it is no real account or coin: the foot does not say it again.
    expect(footer.textContent).not.toMatch(/real account/);
    expect(within(footer).getByText('Alt+Shift+D').tagName).toBe('KBD');
  });
});

describe('App: an aside', () => {
  it('shows what it is given below the account and above the footer (the hosted wallet’s connected sites)', () => {
    render(
      <App
        actor={actorAt({ idle: 'cold' })}
        config={BUILT_IN_CONFIG}
        transitionLog={async () => createTransitionLog()}
        aside={<section aria-label="Sites">sites</section>}
      />,
    );
    const aside = screen.getByRole('region', { name: 'Sites' });
    expect(screen.getByRole('main').contains(aside)).toBe(false);
    expect(screen.getByRole('main').compareDocumentPosition(aside) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(aside.compareDocumentPosition(screen.getByRole('contentinfo')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('App: the providers offered', () => {
  it('offers every configured one until told otherwise, then only those (the hosted window: the one its site asked for, once its request arrives)', () => {
    const offered = offeredProviders();
    render(
      <App
        actor={actorAt({ idle: 'cold' })}
        config={BUILT_IN_CONFIG}
        transitionLog={async () => createTransitionLog()}
        offered={offered}
      />,
    );
    const shown = () => screen.getAllByRole('button', { name: /^Sign in with/ }).map((button) => button.textContent);
    expect(shown()).toEqual(['Sign in with Google', 'Sign in with Facebook', 'Sign in with Twitch']);
    act(() => offered.offer(['twitch']));
    expect(shown()).toEqual(['Sign in with Twitch']);
  });
});
