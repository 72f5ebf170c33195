// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Account } from './Account.tsx';
import { ChainPanel } from './ChainPanel.tsx';
import { SignatureVerdict } from './SignatureVerdict.tsx';
import { account, BUILT_IN_CONFIG, renderAt } from '../../test-support/ui-harness.tsx';

afterEach(cleanup);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const READY = { account: { session: { ready: 'waiting' }, chain: 'idle', wallet: 'waiting', renewal: 'later' } } as const;
const BOB = `0x${'b0'.repeat(32)}`;
const panel = (config = BUILT_IN_CONFIG) => <ChainPanel config={config} />;

describe('ChainPanel: the balance', () => {
  it('loading: says so, and offers nothing that needs the balance', () => {
    renderAt(
      { account: { session: 'signed-in', chain: 'loading-balance', wallet: 'waiting', renewal: 'later' } },
      account(),
      panel(),
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(button('Refresh').disabled).toBe(true);
    expect(button('Send').disabled).toBe(true);
  });

  it('shows the balance in SUI; Refresh reads it again, Get test SUI asks the faucet', async () => {
    const { actor } = renderAt(READY, account({ balance: '2500000000' }), panel());
    expect(screen.getByTestId('balance').textContent).toBe('2.5 SUI');
    expect(screen.getByTestId('balance').getAttribute('data-balance-mist')).toBe('2500000000');
    await userEvent.click(button('Refresh'));
    expect(actor.getSnapshot().matches({ account: { session: 'ready', chain: 'loading-balance' } })).toBe(true);
    expect(screen.getByText('(refreshing…)')).toBeTruthy();
  });

  it('Get test SUI sends the faucet request, and is not offered on mainnet', async () => {
    const { actor } = renderAt(READY, account({ balance: '0' }), panel());
    await userEvent.click(button('Get test SUI'));
    expect(actor.getSnapshot().matches({ account: { session: 'ready', chain: 'funding' } })).toBe(true);
    expect(button('Getting test SUI…').disabled).toBe(true);
    cleanup();
    renderAt(READY, account({ balance: '0' }), panel({ ...BUILT_IN_CONFIG, network: 'mainnet', suiFaucetUrl: null }));
    expect(screen.queryByRole('button', { name: /test SUI/ })).toBeNull();
    expect(screen.getByText('mainnet')).toBeTruthy();
  });

  it('an unreachable node is a message in the panel; the account above keeps its controls', () => {
    const message = 'The Sui node (node.test) could not be reached, so we could not read your balance.';
    renderAt(
      READY,
      account({ balanceFailure: message }),
      <>
        <Account />
        {panel()}
      </>,
    );
    const chain = screen.getByRole('region', { name: /Your address on Sui/ });
    expect(within(chain).getByRole('alert').textContent).toBe(message);
    expect(within(chain).getByText('unknown')).toBeTruthy();
    expect(button('Sign message').disabled).toBe(false);
    expect(button('Refresh').disabled).toBe(false);
    cleanup();
    // A balance read before: kept, and said to be the last one read.
    renderAt(READY, account({ balance: '2500000000', balanceFailure: message }), panel());
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.getByTestId('balance').parentElement!.textContent).toBe('Balance 2.5 SUI (as last read; it may have changed)');
  });

  it('a failed faucet request is shown in the panel, beside Get test SUI, not above the account', () => {
    const failure = {
      code: 'SUI_NODE',
      message: 'The faucet has had too many requests from you.',
      step: 'funding',
      retryable: true,
    } as const;
    renderAt(
      READY,
      account({ balance: '0', failure }),
      <>
        <Account />
        {panel()}
      </>,
    );
    const chain = screen.getByRole('region', { name: /Your address on Sui/ });
    expect(within(chain).getByText('Could not get test SUI')).toBeTruthy();
    expect(within(chain).getByRole('alert').textContent).toBe(failure.message);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});

describe('ChainPanel: Send', () => {
  it('shows what is wrong beside each field once the visitor tries, and sends nothing', async () => {
    const { actor } = renderAt(READY, account({ balance: '1000000000' }), panel());
    await userEvent.click(button('Send'));
    expect(screen.getByText("Enter the recipient's Sui address.")).toBeTruthy();
    expect(screen.getByText('Enter an amount of SUI.')).toBeTruthy();
    const recipient = screen.getByLabelText('Recipient address');
    expect(recipient.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(recipient);
    await userEvent.type(recipient, '0x1234');
    await userEvent.type(screen.getByLabelText('Amount (SUI)'), '2');
    expect(screen.getByText('A Sui address is 0x followed by 64 hexadecimal characters.')).toBeTruthy();
    expect(screen.getByText('The amount is more than your balance of 1 SUI.')).toBeTruthy();
    await userEvent.click(button('Send'));
    expect(actor.getSnapshot().matches({ account: { session: 'ready', chain: 'idle' } })).toBe(true);
  });

  it('an amount with a decimal comma is named as such, and nothing is sent', async () => {
    const { actor } = renderAt(READY, account({ balance: '1000000000' }), panel());
    await userEvent.type(screen.getByLabelText('Recipient address'), BOB);
    await userEvent.type(screen.getByLabelText('Amount (SUI)'), '0,5');
    await userEvent.click(button('Send'));
    expect(screen.getByText('Write the decimals after a point: 0.5, not 0,5.')).toBeTruthy();
    expect(actor.getSnapshot().matches({ account: { chain: 'idle' } })).toBe(true);
  });

  it('ready: a valid send goes to the node at once', async () => {
    const { actor } = renderAt(READY, account({ balance: '1000000000' }), panel());
    await userEvent.type(screen.getByLabelText('Recipient address'), BOB);
    await userEvent.type(screen.getByLabelText('Amount (SUI)'), '0.5');
    await userEvent.click(button('Send'));
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ account: { session: 'ready', chain: 'sending' } })).toBe(true);
    expect(snapshot.context.pendingTransfer).toEqual({ recipient: BOB, amount: '500000000' });
    expect(button('Sending…').disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Sending 0.5 SUI…');
    // The fields hold what is being sent: typing now changes neither them nor the send.
    await userEvent.type(screen.getByLabelText('Amount (SUI)'), '9');
    expect(screen.getByLabelText<HTMLInputElement>('Amount (SUI)').value).toBe('0.5');
    expect(screen.getByLabelText<HTMLInputElement>('Recipient address').readOnly).toBe(true);
  });

  it('signed-in: a valid send creates the proof first, and says so', async () => {
    const { actor } = renderAt(
      { account: { session: 'signed-in', chain: 'idle', wallet: 'waiting', renewal: 'later' } },
      account({ balance: '1000000000' }),
      panel(),
    );
    expect(screen.getByText('Sending creates your zero-knowledge proof first.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Recipient address'), BOB);
    await userEvent.type(screen.getByLabelText('Amount (SUI)'), '0.25');
    await userEvent.click(button('Send'));
    expect(actor.getSnapshot().value).toEqual({
      account: { session: 'proving', chain: 'waiting-for-proof', wallet: 'waiting', renewal: 'later' },
    });
    expect(screen.getByRole('status').textContent).toBe('Creating your proof, then sending 0.25 SUI…');
    expect(screen.getByLabelText<HTMLInputElement>('Amount (SUI)').readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Recipient address').readOnly).toBe(true);
  });

  it('shows the digest of the last transfer, and puts it away once the visitor sends again, until that send has its own', async () => {
    const lastTransfer = { recipient: BOB, amount: '500000000', digest: 'HmQ9dUo7w3VxD5F1v2q8r1yZ8Wq3h9s1tYcBwGm8sT2K' };
    renderAt(READY, account({ balance: '1000000000', lastTransfer }), panel());
    expect(screen.getByTestId('digest').textContent).toBe(lastTransfer.digest);
    expect(screen.getByText(/Sent 0.5 SUI to/)).toBeTruthy();
    // The next send: "Sent 0.5 SUI" beside it (or beside its failure) would read as its answer.
    await userEvent.type(screen.getByLabelText('Recipient address'), BOB);
    await userEvent.type(screen.getByLabelText('Amount (SUI)'), '0.25');
    await userEvent.click(button('Send'));
    expect(screen.queryByText(/Sent 0.5 SUI to/)).toBeNull();
    expect(screen.queryByTestId('digest')).toBeNull();
  });

  it('a transfer cut off by a renewal is said in the panel, and goes with the next send', async () => {
    renderAt(READY, account({ balance: '1000000000', transferUnderWay: '0.1' }), panel());
    expect(screen.getByTestId('transfer-under-way').textContent).toBe(
      'The transfer of 0.1 SUI under way while your session was being renewed may still go through: your balance will show it.',
    );
    await userEvent.type(screen.getByLabelText('Recipient address'), BOB);
    await userEvent.type(screen.getByLabelText('Amount (SUI)'), '0.25');
    await userEvent.click(button('Send'));
    expect(screen.queryByTestId('transfer-under-way')).toBeNull();
  });

  it('while "Stay signed in" takes the page to the provider, Send waits and says why', () => {
    const leaving = { account: { ...READY.account, renewal: { due: 'starting' } } } as const;
    renderAt(leaving, account({ balance: '1000000000', expiresAt: Date.now() + 5 * 60_000 }), panel());
    expect(button('Send').disabled).toBe(true);
    expect(
      screen.getByText('You can send again once this page is back from renewing your session with your provider.'),
    ).toBeTruthy();
  });

  it('a failed send is said in place, in the panel', () => {
    const failure = { code: 'SUI_NODE', message: 'Not enough SUI.', step: 'sending', retryable: true } as const;
    renderAt(READY, account({ balance: '1', failure }), panel());
    expect(screen.getByText('Could not send SUI')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Not enough SUI.');
  });

  it('a send dropped because its proof could not be created is said beside Send, not above the account', () => {
    const failure = {
      code: 'http_503',
      message: 'The login service answered with HTTP 503.',
      step: 'proving-for-send',
      retryable: true,
    } as const;
    const signedIn = { account: { session: 'signed-in', chain: 'idle', wallet: 'waiting', renewal: 'later' } } as const;
    renderAt(
      signedIn,
      account({ balance: '1', failure }),
      <>
        <Account />
        {panel()}
      </>,
    );
    const chain = screen.getByRole('region', { name: /Your address on Sui/ });
    expect(within(chain).getByText('Nothing was sent: the proof a send needs could not be created')).toBeTruthy();
    expect(within(chain).getByRole('alert').textContent).toBe(failure.message);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('a send whose answer was lost, and not found on chain since, is never called a failure: it may have gone through', () => {
    const message = 'The Sui node (node.test) answered with HTTP 504, so we cannot tell whether the transfer went through.';
    const failure = { code: 'SUI_NODE_OUTCOME_UNKNOWN', message, step: 'sending', retryable: true } as const;
    renderAt(READY, account({ balance: '1', failure }), panel());
    expect(screen.getByText('Your SUI may have been sent')).toBeTruthy();
    expect(screen.queryByText('Could not send SUI')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(message);
  });

  it('a send whose outcome is unknown empties the form: the same transfer is never one click away', async () => {
    const { actor } = renderAt(READY, account({ balance: '1000000000' }), panel());
    await userEvent.type(screen.getByLabelText('Recipient address'), BOB);
    await userEvent.type(screen.getByLabelText('Amount (SUI)'), '0.5');
    await userEvent.click(button('Send'));
    const lost = Object.assign(
      new Error('The Sui node answered with HTTP 504, so we cannot tell whether the transfer went through.'),
      {
        code: 'SUI_NODE_OUTCOME_UNKNOWN',
      },
    );
    await act(async () => actor.send({ type: 'xstate.error.actor.sendSui', error: lost } as never));
    expect(screen.getByText('Your SUI may have been sent')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Recipient address').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Amount (SUI)').value).toBe('');
    cleanup();
    // Any other failure keeps what was typed, to send again.
    const second = renderAt(READY, account({ balance: '1000000000' }), panel());
    await userEvent.type(screen.getByLabelText('Recipient address'), BOB);
    await userEvent.type(screen.getByLabelText('Amount (SUI)'), '0.5');
    await userEvent.click(button('Send'));
    const refused = Object.assign(new Error('Not enough SUI.'), { code: 'SUI_NODE' });
    await act(async () => second.actor.send({ type: 'xstate.error.actor.sendSui', error: refused } as never));
    expect(screen.getByText('Could not send SUI')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Amount (SUI)').value).toBe('0.5');
  });

  it('says what happened: how much the faucet sent, and the gas a transfer paid', () => {
    const lastTransfer = {
      recipient: BOB,
      amount: '500000000',
      digest: 'HmQ9dUo7w3VxD5F1v2q8r1yZ8Wq3h9s1tYcBwGm8sT2K',
      gasPaid: '1997880',
    };
    renderAt(READY, account({ balance: '1', lastTransfer, funded: '1500000000' }), panel());
    expect(screen.getByTestId('funded').textContent).toBe('The faucet sent 1.5 SUI.');
    expect(screen.getByTestId('gas-paid').textContent).toBe('Gas paid: 0.00199788 SUI');
    cleanup();
    renderAt(READY, account({ balance: '1', funded: '0' }), panel());
    expect(screen.getByTestId('funded').textContent).toBe('The faucet answered, but sent no SUI.');
    cleanup();
    renderAt(READY, account({ balance: '1' }), panel());
    expect(screen.queryByTestId('funded')).toBeNull();
    expect(screen.queryByTestId('gas-paid')).toBeNull();
  });
});

describe('SignatureVerdict', () => {
  it('verifying, verified, refused with the reason, unavailable with Verify again', async () => {
    renderAt(
      { account: { session: { ready: 'verifying' }, chain: 'idle', wallet: 'waiting', renewal: 'later' } },
      account({ signature: 'sig', signedMessage: 'hi' }),
      <SignatureVerdict />,
    );
    expect(screen.getByRole('status').textContent).toBe('Asking the Sui node to verify this signature…');
    cleanup();
    renderAt(
      READY,
      account({ signature: 'sig', signedMessage: 'hi', verification: { status: 'verified' } }),
      <SignatureVerdict />,
    );
    expect(screen.getByRole('status').textContent).toBe('✓ Verified by the Sui node');
    cleanup();
    const refused = { status: 'refused', reason: 'The zkLogin signature is for 0x1, not for the author 0x2.' } as const;
    renderAt(READY, account({ signature: 'sig', signedMessage: 'hi', verification: refused }), <SignatureVerdict />);
    expect(screen.getByRole('alert').textContent).toBe(`The Sui node refused this signature: ${refused.reason}`);
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    const unavailable = { status: 'unavailable', reason: 'The Sui node (x) could not be reached.' } as const;
    const { actor } = renderAt(
      READY,
      account({ signature: 'sig', signedMessage: 'hi', verification: unavailable }),
      <SignatureVerdict />,
    );
    await userEvent.click(button('Verify again'));
    expect(actor.getSnapshot().matches({ account: { session: { ready: 'verifying' } } })).toBe(true);
  });
});
