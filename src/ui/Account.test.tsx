// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STRAY_CALLBACK } from '../../packages/sui-zklogin-wallet/src/core/failure.ts';
import { Account } from './Account.tsx';
import { SignMessage } from './SignMessage.tsx';
import { account, ADDRESS, renderAt } from '../../test-support/ui-harness.tsx';

afterEach(cleanup);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('Account', () => {
  it('signed-in: the address, the provider, and Create proof', async () => {
    const { actor } = renderAt(
      { account: { session: 'signed-in', chain: 'idle', wallet: 'waiting', renewal: 'later' } },
      account(),
      <Account />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('You are signed in');
    expect(screen.getByTestId('address').textContent).toBe(ADDRESS);
    expect(screen.getByText('Google')).toBeTruthy();
    expect(screen.getByText('Create a proof to sign messages and transactions with this address.')).toBeTruthy();
    expect(button('Create proof').disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(button('Create proof'));
    expect(actor.getSnapshot().value).toEqual({
      account: { session: 'proving', chain: 'idle', wallet: 'waiting', renewal: 'later' },
    });
  });

  it('the last ten minutes: when the session ends, and "Stay signed in", which starts the renewal', async () => {
    const expiresAt = Date.now() + 5 * 60_000;
    const { actor } = renderAt(
      { account: { session: 'signed-in', chain: 'idle', wallet: 'waiting', renewal: { due: 'offered' } } },
      account({ expiresAt }),
      <Account />,
    );
    const notice = screen.getByTestId('renewal');
    expect(notice.textContent).toContain('Your session ends at');
    expect(notice.querySelector('time')!.getAttribute('datetime')).toBe(new Date(expiresAt).toISOString());
    await userEvent.click(button('Stay signed in'));
    expect(actor.getSnapshot().matches({ account: { renewal: { due: 'starting' } } })).toBe(true);
    expect(screen.getByTestId('renewal').textContent).toContain('Renewing it with your provider…');
  });

  it('"Stay signed in" whose page never left for the provider: says so, and Stop waiting goes back to the offer', async () => {
    const { actor } = renderAt(
      { account: { session: 'signed-in', chain: 'idle', wallet: 'waiting', renewal: { due: { leaving: 'stalled' } } } },
      account({ expiresAt: Date.now() + 5 * 60_000 }),
      <Account />,
    );
    expect(screen.getByTestId('renewal').textContent).toContain(
      "Still waiting for Google's page. If you stopped the browser, or the page does not come, stop waiting and try again.",
    );
    expect(button('Stay signed in').disabled).toBe(true);
    await userEvent.click(button('Stop waiting'));
    expect(actor.getSnapshot().matches({ account: { renewal: { due: 'offered' } } })).toBe(true);
    expect(button('Stay signed in').disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Stop waiting' })).toBeNull();
  });

  it('"Stay signed in" waits while a transfer is being sent, and says so', () => {
    renderAt(
      { account: { session: { ready: 'waiting' }, chain: 'sending', wallet: 'waiting', renewal: { due: 'offered' } } },
      account({ expiresAt: Date.now() + 5 * 60_000, pendingTransfer: { recipient: ADDRESS, amount: '100000000' } }),
      <Account />,
    );
    expect(button('Stay signed in').disabled).toBe(true);
    expect(screen.getByTestId('renewal').textContent).toContain(
      'Stay signed in once what is under way (a transfer, or a site’s request) has its answer.',
    );
  });

  it('names who signed in: the email the token has, and nothing when it has none', () => {
    renderAt(
      { account: { session: 'signed-in', chain: 'idle', wallet: 'waiting', renewal: 'later' } },
      account({ email: 'alice@example.com' }),
      <Account />,
    );
    expect(screen.getByTestId('identity').textContent).toBe('alice@example.com');
    expect(screen.getByText('Signed in as')).toBeTruthy();
    cleanup();
    renderAt({ account: { session: 'signed-in', chain: 'idle', wallet: 'waiting', renewal: 'later' } }, account(), <Account />);
    expect(screen.queryByTestId('identity')).toBeNull();
    expect(screen.queryByText('Signed in as')).toBeNull();
  });

  it('more than ten minutes left: no renewal notice', () => {
    renderAt({ account: { session: 'signed-in', chain: 'idle', wallet: 'waiting', renewal: 'later' } }, account(), <Account />);
    expect(screen.queryByTestId('renewal')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stay signed in' })).toBeNull();
  });

  it('proving: the spinner, Create proof disabled, Sign out still offered', async () => {
    const { actor } = renderAt(
      { account: { session: 'proving', chain: 'idle', wallet: 'waiting', renewal: 'later' } },
      account(),
      <Account />,
    );
    expect(screen.getByRole('status').textContent).toBe('Creating your zero-knowledge proof…');
    expect(button('Create proof').disabled).toBe(true);
    await userEvent.click(button('Sign out'));
    expect(actor.getSnapshot().matches('logged-out')).toBe(true);
  });

  it('ready: the signing form instead of Create proof', () => {
    renderAt(
      { account: { session: { ready: 'waiting' }, chain: 'idle', wallet: 'waiting', renewal: 'later' } },
      account(),
      <Account />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ready to sign');
    expect(screen.queryByRole('button', { name: 'Create proof' })).toBeNull();
    expect(button('Sign message').disabled).toBe(false);
  });

  it('with an alert: the message beside the account, which stays whole', async () => {
    const { actor } = renderAt(
      { account: { session: 'signed-in', chain: 'idle', wallet: 'waiting', renewal: 'later' } },
      account({ failure: STRAY_CALLBACK }),
      <Account />,
    );
    expect(screen.getByRole('alert').textContent).toBe(STRAY_CALLBACK.message);
    expect(screen.getByText('A sign-in link was ignored: you are still signed in')).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe(ADDRESS);
    expect(button('Create proof').disabled).toBe(false);
    await userEvent.click(button('Dismiss'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(actor.getSnapshot().value).toEqual({
      account: { session: 'signed-in', chain: 'idle', wallet: 'waiting', renewal: 'later' },
    });
  });
});

describe('SignMessage', () => {
  const READY_WAITING = {
    account: { session: { ready: 'waiting' }, chain: 'idle', wallet: 'waiting', renewal: 'later' },
  } as const;
  const signMessageAt = (state: Parameters<typeof renderAt>[0], context: Parameters<typeof renderAt>[1]) =>
    renderAt(state, context, <SignMessage />);

  it('ready.waiting: signs the typed message', async () => {
    const { actor } = signMessageAt(READY_WAITING, account());
    await userEvent.clear(screen.getByLabelText('Message'));
    await userEvent.type(screen.getByLabelText('Message'), 'Pay Bob');
    await userEvent.click(button('Sign message'));
    expect(actor.getSnapshot().value).toEqual({
      account: { session: { ready: 'signing' }, chain: 'idle', wallet: 'waiting', renewal: 'later' },
    });
    expect((actor.getSnapshot().children.signMessage?.getSnapshot() as { input?: unknown }).input).toEqual({
      message: 'Pay Bob',
    });
  });

  it('an empty message (or spaces alone) is not signed: the button waits for text, and says why', async () => {
    const { actor } = signMessageAt(READY_WAITING, account());
    await userEvent.clear(screen.getByLabelText('Message'));
    expect(button('Sign message').disabled).toBe(true);
    expect(screen.getByLabelText('Message').getAttribute('aria-describedby')).toBe(
      screen.getByText('Write the message you want to sign.').id,
    );
    await userEvent.type(screen.getByLabelText('Message'), '  ');
    expect(button('Sign message').disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Message'), 'x');
    expect(button('Sign message').disabled).toBe(false);
    expect(actor.getSnapshot().matches({ account: { session: { ready: 'waiting' } } })).toBe(true);
  });

  it('ready.signing: the button says so and waits', () => {
    signMessageAt({ account: { ...READY_WAITING.account, session: { ready: 'signing' } } }, account());
    expect(button('Signing…').disabled).toBe(true);
  });

  it('shows the last signature', () => {
    signMessageAt(READY_WAITING, account({ signature: 'AQID' }));
    expect(screen.getByTestId('signature').textContent).toBe('AQID');
  });

  it('shows the signature with the text it signs, and says so once the draft is edited', async () => {
    signMessageAt(
      READY_WAITING,
      account({ signature: 'AQID', signedMessage: 'Hello from Sui zkLogin', verification: { status: 'verified' } }),
    );
    expect(screen.getByTestId('signed-message').textContent).toBe('Hello from Sui zkLogin');
    expect(screen.queryByTestId('message-edited')).toBeNull();
    await userEvent.type(screen.getByLabelText('Message'), ' and more');
    expect(screen.getByTestId('message-edited').textContent).toContain(
      'The signature and the verdict below are for the signed text above',
    );
    // The signed text is still the signed one, beside its verdict.
    expect(screen.getByTestId('signed-message').textContent).toBe('Hello from Sui zkLogin');
    expect(screen.getByTestId('signed-message').closest('section')!.textContent).toContain('Verified by the Sui node');
    await userEvent.clear(screen.getByLabelText('Message'));
    await userEvent.type(screen.getByLabelText('Message'), 'Hello from Sui zkLogin');
    expect(screen.queryByTestId('message-edited')).toBeNull();
  });
});

describe('Account: Copy address', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const signedIn = () =>
    renderAt({ account: { session: 'signed-in', chain: 'idle', wallet: 'waiting', renewal: 'later' } }, account(), <Account />);

  it('says it copied beside the button, which keeps its name, and offers to copy again a moment later', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    signedIn();
    await act(async () => button('Copy address').click());
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    expect(screen.getByTestId('copy-outcome').textContent).toBe('Copied');
    expect(button('Copy address')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(2_000));
    expect(screen.getByTestId('copy-outcome').textContent).toBe('');
  });

  it('a copy the browser refuses, or cannot make, is said with the way round it, until the next try', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async () => Promise.reject(new Error('denied')) } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    signedIn();
    await act(async () => button('Copy address').click());
    expect(screen.getByTestId('copy-outcome').textContent).toBe('Could not copy: select the address instead.');
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(screen.getByTestId('copy-outcome').textContent).toBe('Could not copy: select the address instead.');
    cleanup();

    // A page without the clipboard API (not a secure context): said the same, never thrown.
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    signedIn();
    await act(async () => button('Copy address').click());
    expect(screen.getByTestId('copy-outcome').textContent).toBe('Could not copy: select the address instead.');
  });

  it('a second copy says it again, for as long again', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async () => {} } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    signedIn();
    await act(async () => button('Copy address').click());
    await act(async () => vi.advanceTimersByTime(1_500));
    await act(async () => button('Copy address').click());
    await act(async () => vi.advanceTimersByTime(1_500));
    expect(screen.getByTestId('copy-outcome').textContent).toBe('Copied');
    await act(async () => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('copy-outcome').textContent).toBe('');
  });
});
