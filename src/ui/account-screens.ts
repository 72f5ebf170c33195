/**
 * The screens of a visitor with an account, in one chunk of their own (see
 * account-screens-loader.ts): the account card and the chain panel beside it, and the
 * warm-up of the date format the account's session end is shown in.
 */
export { Account } from './Account.tsx';
export { ChainPanel } from './ChainPanel.tsx';
export { warmUpTimeFormat } from './use-local-time.ts';
