// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ProviderButtons } from './ProviderButtons.tsx';
import { BUILT_IN_CONFIG, renderAt } from '../../test-support/ui-harness.tsx';

afterEach(cleanup);
const signInButtons = () =>
  screen.getAllByRole('button').filter((button) => button.textContent!.startsWith('Sign in with')) as HTMLButtonElement[];

describe('ProviderButtons', () => {
  it('idle: one enabled button per provider; intent warms up, a click starts', async () => {
    const { actor } = renderAt({ idle: 'cold' }, {}, <ProviderButtons config={BUILT_IN_CONFIG} />);
    expect(signInButtons().map((button) => [button.textContent, button.disabled])).toEqual([
      ['Sign in with Google', false],
      ['Sign in with Facebook', false],
      ['Sign in with Twitch', false],
    ]);
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.hover(screen.getByRole('button', { name: 'Sign in with Twitch' }));
    expect(actor.getSnapshot().value).toEqual({ idle: 'preparing' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Twitch' }));
    expect(actor.getSnapshot().value).toEqual({ redirecting: 'preparing' });
    expect(actor.getSnapshot().context.requestedProvider).toBe('twitch');
  });

  it('after a session that ended by itself, its provider comes first: "Sign in again with …"', async () => {
    const { actor } = renderAt(
      { 'logged-out': 'done' },
      { endedProvider: 'twitch' },
      <ProviderButtons config={BUILT_IN_CONFIG} />,
    );
    const names = screen.getAllByRole('button').map((button) => button.textContent);
    expect(names).toEqual(['Sign in again with Twitch', 'Sign in with Google', 'Sign in with Facebook']);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in again with Twitch' }));
    expect(actor.getSnapshot().context.requestedProvider).toBe('twitch');
  });

  it('only the providers with a client id are offered', () => {
    const config = { ...BUILT_IN_CONFIG, clientIds: { ...BUILT_IN_CONFIG.clientIds, facebook: '' } };
    renderAt({ idle: 'cold' }, {}, <ProviderButtons config={config} />);
    expect(signInButtons().map((button) => button.textContent)).toEqual(['Sign in with Google', 'Sign in with Twitch']);
  });

  it('logged-out: the buttons wait while clearing; then the visitor is told what was cleared, or that something may be left', () => {
    renderAt({ 'logged-out': 'clearing' }, {}, <ProviderButtons config={BUILT_IN_CONFIG} />);
    expect(signInButtons().every((button) => button.disabled)).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('You are signed out.');
    cleanup();
    renderAt({ 'logged-out': { done: 'cold' } }, {}, <ProviderButtons config={BUILT_IN_CONFIG} />);
    expect(screen.getByRole('status').textContent).toBe(
      'You are signed out. Your session, keys and proof have been cleared from this browser.',
    );
    cleanup();
    const left =
      "This browser did not let this page delete everything it kept (its storage refused). Clearing this site's data in your browser's settings removes the rest.";
    renderAt({ 'logged-out': { done: 'cold' } }, { clearingFailed: true }, <ProviderButtons config={BUILT_IN_CONFIG} />);
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual(['You are signed out.', left]);
    cleanup();
    // Beside a notice too (the session's end, another tab's sign-out).
    renderAt(
      { 'logged-out': { done: 'cold' } },
      { clearingFailed: true, notice: 'You signed out in another tab.' },
      <ProviderButtons config={BUILT_IN_CONFIG} />,
    );
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual(['You signed out in another tab.', left]);
  });

  it('logged-out with a notice: the notice instead of the generic text', () => {
    renderAt(
      { 'logged-out': { done: 'cold' } },
      { notice: 'Your session has expired. Please sign in again.' },
      <ProviderButtons config={BUILT_IN_CONFIG} />,
    );
    expect(screen.getByRole('status').textContent).toBe('Your session has expired. Please sign in again.');
    expect(signInButtons().every((button) => !button.disabled)).toBe(true);
  });

  it('logged-out with a transfer cut off: its words beside the notice, or beside the generic text; gone with the next sign-in', async () => {
    const words =
      'The transfer of 0.1 SUI under way when you were signed out may still go through: your balance will show it when you sign in again.';
    renderAt(
      { 'logged-out': { done: 'cold' } },
      { notice: 'Your session has expired. Please sign in again.', transferUnderWay: '0.1' },
      <ProviderButtons config={BUILT_IN_CONFIG} />,
    );
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual([
      'Your session has expired. Please sign in again.',
      words,
    ]);
    cleanup();
    renderAt({ 'logged-out': 'clearing' }, { transferUnderWay: '0.1' }, <ProviderButtons config={BUILT_IN_CONFIG} />);
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual(['You are signed out.', words]);
    cleanup();
    const { actor } = renderAt(
      { 'logged-out': { done: 'cold' } },
      { transferUnderWay: '0.1' },
      <ProviderButtons config={BUILT_IN_CONFIG} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(actor.getSnapshot().context.transferUnderWay).toBeNull();
    expect(screen.queryByTestId('transfer-under-way')).toBeNull();
  });

  it('idle with a failed start: the message beside the buttons, which stay enabled; a click clears it', async () => {
    const failure = {
      code: 'http_503',
      message: 'The login service is unavailable.',
      step: 'redirecting',
      retryable: true,
    } as const;
    const { actor } = renderAt({ idle: 'cold' }, { failure }, <ProviderButtons config={BUILT_IN_CONFIG} />);
    expect(screen.getByRole('alert').textContent).toBe('The login service is unavailable.');
    expect(screen.getByText('Could not start the sign-in')).toBeTruthy();
    expect(signInButtons().every((button) => !button.disabled)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});
