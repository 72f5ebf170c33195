import { expect, it } from 'vitest';
import { refusalWords, WALLET_REFUSALS } from './wallet-refusals.ts';

it('words a refusal the machine named, with the provider this tab is signed in with where it names one', () => {
  const answer = { type: 'wallet.answer', requestId: 'r', ok: false } as const;
  expect(refusalWords({ ...answer, refusal: 'otherProvider', signedInWith: 'google' })).toBe(
    'This tab is signed in with Google: disconnect first.',
  );
  expect(refusalWords({ ...answer, refusal: 'otherProvider', signedInWith: 'twitch' })).toBe(
    'This tab is signed in with Twitch: disconnect first.',
  );
  expect(refusalWords({ ...answer, refusal: 'signInUnfinished' })).toBe('The sign-in did not finish.');
  expect(refusalWords({ ...answer, refusal: 'busy' })).toBe(WALLET_REFUSALS.busy);
  // The pause after the visitor rejected a site's last requests says when it may ask again.
  expect(refusalWords({ ...answer, refusal: 'paused' })).toBe(
    "The visitor rejected this site's last requests: it can ask again in a minute.",
  );
});
