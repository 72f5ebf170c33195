/**
 * The warm start, wherever sign-in buttons are shown (idle, and logged-out once cleared):
 * once the visitor shows intent (a hover or a focus on a button), the ephemeral key and the
 * nonce are made ahead of the click, kept in memory, never stored. Without intent the
 * login service is never called. A failure here is silent: the click then simply does the
 * work itself.
 */
export const warmStart = {
  initial: 'cold',
  states: {
    cold: {
      on: { 'user.intent': 'preparing' },
    },
    preparing: {
      invoke: { id: 'prepareSignIn', src: 'prepareSignIn', onDone: 'prepared', onError: 'cold' },
    },
    prepared: {},
  },
} as const;
