// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { accountWording, ALERT_PLACES } from './account-alert-wording.ts';
import { signedOutWording } from './alert-wording.ts';
import { AlertMessage } from './AlertMessage.tsx';
import { FailureAlert } from './FailureAlert.tsx';
import { StepAlert } from './StepAlert.tsx';
import { StepProgress } from './StepProgress.tsx';
import { account, renderAt } from '../../test-support/ui-harness.tsx';

afterEach(cleanup);
const lookup = {
  code: 'http_503',
  message: 'The login service is unavailable.',
  step: 'fetching-login',
  retryable: true,
} as const;

describe('StepProgress', () => {
  it.each([
    { step: 'idle', value: { idle: 'cold' }, withAccount: false, label: 'Choose a provider' },
    { step: 'redirecting', value: { redirecting: 'preparing' }, withAccount: false, label: 'Choose a provider' },
    { step: 'callback-validating', value: 'callback-validating', withAccount: false, label: 'Verify sign-in' },
    { step: 'fetching-login', value: 'fetching-login', withAccount: false, label: 'Verify sign-in' },
    {
      step: 'signed-in',
      value: { account: { session: 'signed-in', chain: 'idle', wallet: 'waiting' } },
      withAccount: true,
      label: 'Signed in',
    },
    {
      step: 'proving',
      value: { account: { session: 'proving', chain: 'idle', wallet: 'waiting' } },
      withAccount: true,
      label: 'Signed in',
    },
    {
      step: 'ready',
      value: { account: { session: { ready: 'waiting' }, chain: 'idle', wallet: 'waiting' } },
      withAccount: true,
      label: 'Ready to sign',
    },
  ] as const)('$step: the current step is "$label"', ({ value, withAccount, label }) => {
    // The account is made when the test runs, from its clock.
    renderAt(value, withAccount ? account() : {}, <StepProgress />);
    const current = screen.getAllByRole('listitem').find((item) => item.getAttribute('aria-current') === 'step');
    expect(current?.textContent).toBe(label);
    expect(current?.className).toBe('current');
  });

  it('failed: the verify step, marked as failed', () => {
    renderAt('failed', { failure: lookup }, <StepProgress />);
    const current = screen.getAllByRole('listitem').find((item) => item.getAttribute('aria-current') === 'step');
    expect([current?.textContent, current?.className]).toEqual(['Verify sign-in', 'current failed']);
  });
});

describe('StepAlert', () => {
  it('shows nothing without a failure', () => {
    renderAt(
      { account: { session: 'signed-in', chain: 'idle', wallet: 'waiting' } },
      account(),
      <StepAlert shows={ALERT_PLACES.card} wording={accountWording} />,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['proving', 'Could not create the proof'],
    ['signing', 'Could not sign the message'],
  ] as const)('a failed %s step: its title, the message, and Dismiss', async (step, title) => {
    const failure = { code: 'x', message: 'It failed.', step, retryable: false };
    const { actor } = renderAt(
      step === 'signing'
        ? { account: { session: { ready: 'waiting' }, chain: 'idle', wallet: 'waiting' } }
        : { account: { session: 'signed-in', chain: 'idle', wallet: 'waiting' } },
      account({ failure }),
      <StepAlert shows={ALERT_PLACES.card} wording={accountWording} />,
    );
    expect(screen.getByText(title)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('It failed.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('a refused callback without an account says the response was refused', () => {
    const failure = {
      code: 'MISSING_ID_TOKEN',
      message: 'Missing ID Token',
      step: 'callback-validating',
      retryable: false,
    } as const;
    renderAt({ idle: 'cold' }, { failure }, <StepAlert wording={signedOutWording} />);
    expect(screen.getByText('The sign-in response was refused')).toBeTruthy();
    // A refusal is an error: red, not a notice.
    expect(screen.getByText('The sign-in response was refused').closest('.step-alert')?.className).toBe('step-alert alert');
  });

  it('a sign-in cancelled at the provider: the plain headline first, a notice; the catalogue and the provider beneath', () => {
    const failure = {
      code: 'MISSING_ID_TOKEN',
      message: 'Missing ID Token',
      step: 'callback-validating',
      retryable: false,
      providerAnswer: { provider: 'google', text: 'access_denied: The user cancelled the sign-in.' },
    } as const;
    renderAt({ idle: 'cold' }, { failure }, <StepAlert wording={signedOutWording} />);
    const headline = screen.getByText('You cancelled the sign-in at Google');
    expect(headline.closest('.step-alert')?.className).toBe('step-alert notice');
    // The headline comes before the detail, outside the announced catalogue message.
    expect(screen.getByRole('alert').textContent).toBe(
      'Missing ID TokenGoogle said: access_denied: The user cancelled the sign-in.',
    );
    expect(headline.compareDocumentPosition(screen.getByRole('alert')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('FailureAlert (the failed login lookup)', () => {
  it('a failure that may clear: Try again repeats the lookup', async () => {
    const { actor } = renderAt('failed', { failure: lookup }, <FailureAlert />);
    expect(screen.getByRole('heading').textContent).toBe('Could not get your Sui address');
    expect(screen.getByRole('alert').textContent).toBe(lookup.message);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Try again', 'Start over']);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(actor.getSnapshot().value).toBe('fetching-login');
  });

  it('a refusal: only Start over, which drops the unfinished flow', async () => {
    const { actor } = renderAt('failed', { failure: { ...lookup, retryable: false } }, <FailureAlert />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Start over']);
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(actor.getSnapshot().value).toBe('restoring');
    expect(actor.getSnapshot().context.discardPendingFlow).toBe(true);
  });
});

describe('AlertMessage', () => {
  it("announces the message, then the provider's own words quoted and named as the provider's, nothing else", () => {
    renderAt(
      { idle: 'cold' },
      {},
      <AlertMessage failure={{ ...lookup, providerAnswer: { provider: 'google', text: 'access_denied: <b>no</b>' } }} />,
    );
    expect(screen.getByRole('alert').textContent).toBe(`${lookup.message}Google said: access_denied: <b>no</b>`);
    // The provider's text is a quotation of its own, and only text.
    const quoted = screen.getByRole('alert').querySelector('q.provider-answer')!;
    expect(quoted.textContent).toBe('access_denied: <b>no</b>');
    expect(quoted.querySelector('b')).toBeNull();
  });
});
