/**
 * Imported first by main.tsx, wallet-window-main.ts, early-load.ts and dapp/main.tsx, so that it is evaluated
 * before anything else of the page (React above all): a sign-in window coming back from the
 * provider hands its answer on at once, and the page starts nothing there. A module of its
 * own for that order alone (the hand-off is the package's runtime/popup-relay.ts).
 */
import { relaySignInWindow } from '../packages/sui-zklogin-wallet/src/runtime/popup-relay.ts';

/** Whether this page is a sign-in window handing its answer on (the app must not start). */
export const isSignInWindow = relaySignInWindow();
