/**
 * What each state of signInMachine is, and who sends each event it handles, in a sentence:
 * for people (the generated chart and docs, the devtools panel), not for the machine, which
 * never reads them. Kept beside the machine rather than inside it so that the page does not
 * carry this prose on its first load; `descriptionOf` is how every reader gets a state's
 * description, `eventDescriptionOf` an event's. sign-in.descriptions.test.ts holds both
 * lists to the machine: every state and event described, none that it does not have.
 */
import type { SignInEvent } from './sign-in.types.ts';

/** By state node id (`signIn.<path>`). */
export const STATE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'signIn.restoring': 'Reads storage at load, after Start over, and after a refused callback, and goes where it leads.',
  'signIn.idle':
    "The sign-in buttons, with any alert beside them; a sign-in window's flow that read as closed is still listened for until it answers, is replaced or expires.",
  'signIn.idle.cold': 'Nothing prepared yet; hovering or focusing a sign-in button prepares the key and nonce.',
  'signIn.idle.preparing': 'Making the ephemeral key and asking for a nonce ahead of the click, in memory only.',
  'signIn.idle.prepared': 'The key and nonce are ready: a click goes straight to the provider.',
  'signIn.redirecting':
    'Starting a sign-in: the key, the nonce and the stored session, then off to the provider (this page, or a window).',
  'signIn.redirecting.preparing': 'Making (or taking the prepared) key and nonce, and storing the session.',
  'signIn.redirecting.navigating': 'The browser is on its way to the provider.',
  'signIn.redirecting.stalled':
    'Still here long after the page should have left (the visitor stopped it, or the provider does not answer): a way back to the buttons.',
  'signIn.redirecting.awaiting-popup':
    'Popup mode: the provider in a window of its own; this page stays, and a click brings the window forward.',
  'signIn.redirecting.awaiting-popup.opening': 'The sign-in window is opening, in the click itself so that blockers allow it.',
  'signIn.redirecting.awaiting-popup.open': 'The window is open: the key and nonce are made and stored for its flow.',
  'signIn.redirecting.awaiting-popup.at-provider':
    'The window is at the provider: its answer comes back here, never through this URL; if it reads as closed, it may only be cut off.',
  'signIn.callback-validating': "Checking the provider's answer in the URL fragment against the flow this tab started.",
  'signIn.fetching-login': 'Asking the login service for the address, salt and public key, checking them, then storing them.',
  'signIn.account':
    'The account: its session, its address on chain, a dApp’s requests and the session’s end, side by side while it lives.',
  'signIn.account.session': 'The journey once signed in: the address, then the proof, then signing.',
  'signIn.account.session.signed-in':
    'The address is shown, and a proof can be created; a session restored with its proof goes straight on to ready.',
  'signIn.account.session.proving': 'The login service is creating the zero-knowledge proof; the account stays shown.',
  'signIn.account.session.ready': 'The proof is stored: the account can sign messages, send SUI and sign for dApps.',
  'signIn.account.session.ready.waiting': 'Ready to sign a message.',
  'signIn.account.session.ready.signing': 'Signing the message with the zkLogin signer.',
  'signIn.account.session.ready.verifying': 'The signature is shown; the Sui node is asked whether it verifies.',
  'signIn.account.chain': 'The address on chain: its balance, test SUI, and transfers, for as long as the account lives.',
  'signIn.account.chain.loading-balance': "Reading the address's SUI balance from the Sui node.",
  'signIn.account.chain.idle': 'The balance is shown (or why not); Refresh, Get test SUI and Send are offered.',
  'signIn.account.chain.funding': 'Asking the faucet for test SUI, then reading the balance again.',
  'signIn.account.chain.waiting-for-proof': 'A send waits for the proof (passed through at once when it is there).',
  'signIn.account.chain.sending': 'Building the transfer with the Sui node, signing it with zkLogin, and executing it.',
  'signIn.account.wallet': "A dApp's requests through the Wallet Standard wallet, one at a time.",
  'signIn.account.wallet.waiting':
    "No dApp request under way; a request for this account and chain (and, for a transaction, this sender) is taken, unless the visitor rejected the site's last three within a minute (then refused for a minute).",
  'signIn.account.wallet.asking':
    "The wallet's dialog is open: the visitor approves or rejects the dApp's request (their sign-out rejects it too).",
  'signIn.account.wallet.asking.dry-running':
    "The wallet's dialog is open; the Sui node runs the dApp's transaction without committing it, to show what it will do.",
  'signIn.account.wallet.asking.awaiting-approval':
    "The wallet's dialog shows the request (the message, the dry run's changes, or a hosted site's connect or session read); nothing is signed or shared until the visitor approves.",
  'signIn.account.wallet.waiting-for-proof': 'An approved request waits for the proof (passed through at once when it is there).',
  'signIn.account.wallet.working':
    'Carrying out the approved request: signing the message or transaction with zkLogin (the transaction as the dry run built it, executed when asked), or reading the account or session a hosted site was approved for.',
  'signIn.account.renewal': 'The session’s end: "Stay signed in" in its last ten minutes, and the end itself at expiresAt.',
  'signIn.account.renewal.later': 'More than ten minutes of the session are left.',
  'signIn.account.renewal.due': 'The last ten minutes: the session ends on its own at expiresAt, whatever is under way.',
  'signIn.account.renewal.due.offered': 'The account shows when the session ends, and offers "Stay signed in".',
  'signIn.account.renewal.due.starting':
    'Making a new key and nonce for the same provider, stored beside the current session, which stays as it is.',
  'signIn.account.renewal.due.leaving': 'The browser is on its way to the provider to renew the session.',
  'signIn.account.renewal.due.leaving.going': 'On its way to the provider.',
  'signIn.account.renewal.due.leaving.stalled':
    'Still here long after the page should have left (the visitor stopped it, or the provider does not answer): a way back to "Stay signed in".',
  'signIn.account.renewal.due.window':
    'Popup mode: the renewal at the provider in a window of its own; this page keeps the account.',
  'signIn.account.renewal.due.window.opening': 'The renewal window is opening, in the click itself so that blockers allow it.',
  'signIn.account.renewal.due.window.open': "The window is open: the renewal's key and nonce are made and stored for its flow.",
  'signIn.account.renewal.due.window.at-provider': 'The window is at the provider: the same identity must come back.',
  'signIn.failed': 'The login lookup failed after the provider; the token is kept in memory for Try again.',
  'signIn.logged-out': 'Signed out (by the visitor, another tab, expiry or unreadable storage).',
  'signIn.logged-out.clearing': 'Clearing the session, the keys and the proof.',
  'signIn.logged-out.done': 'Everything is cleared: the sign-in buttons again.',
  'signIn.logged-out.done.cold': 'Nothing prepared yet; hovering or focusing a sign-in button prepares the key and nonce.',
  'signIn.logged-out.done.preparing': 'Making the ephemeral key and asking for a nonce ahead of the click, in memory only.',
  'signIn.logged-out.done.prepared': 'The key and nonce are ready: a click goes straight to the provider.',
};

/** A state node's description: its own (a test machine's), else the one kept here. */
export function descriptionOf(node: { id: string; description?: string }): string | undefined {
  return node.description ?? STATE_DESCRIPTIONS[node.id];
}

/**
 * Who sends each event the machine handles, and when: the "who sends it" column of
 * docs/sign-in-machine.md. Keyed by every type of SignInEvent, so that a new event without
 * a sender fails the typecheck. The machine's own events (an actor's done or error, a delay,
 * an eventless transition) are named where the table is made (src/devtools/tables.ts), the
 * delays' timers below.
 */
export const EVENT_DESCRIPTIONS: Readonly<Record<SignInEvent['type'], string>> = {
  'user.signIn': 'the visitor: a "Sign in with …" button (in popup mode, again while the window is open: it comes forward)',
  'user.intent': 'the visitor: hovering or focusing a sign-in button',
  'user.createProof': 'the visitor: "Create proof"',
  'user.signMessage': 'the visitor: "Sign message"',
  'user.verifySignature': 'the visitor: "Verify again", when the node could not be asked',
  'user.refreshBalance': 'the visitor: "Refresh" beside the balance',
  'user.requestTestSui': 'the visitor: "Get test SUI" (testnet and devnet)',
  'user.send': 'the visitor: "Send", with a recipient and an amount',
  'user.signOut': 'the visitor: "Sign out"',
  'user.renew': 'the visitor: "Stay signed in", in the session\'s last ten minutes',
  'user.retry': 'the visitor: "Try again"',
  'user.startOver': 'the visitor: "Start over"',
  'user.stopWaiting': 'the visitor: "Back to sign-in" (or "Stop waiting", renewing), when the page never left for the provider',
  'user.dismiss': 'the visitor: the alert\'s "Dismiss"',
  'url.fragment': "the app edge: a new URL fragment (hashchange); the fragment at load is the machine's input",
  'page.restored': 'the app edge: the page came back from the back/forward cache',
  'page.woke': 'the app edge: the page is shown again (its timers may have been held meanwhile)',
  'tab.signedOut': 'another tab of the app: its visitor signed out',
  'popup.opened': 'the popupWindow actor (popup mode): the sign-in or renewal window opened, with its flow id',
  'popup.blocked': 'the popupWindow actor (popup mode): the browser refused to open the window',
  'popup.closed':
    "the popupWindow actor (popup mode): the window read as closed before it answered, because the visitor closed it or a page's Cross-Origin-Opener-Policy cut it off from this one (its flow is then still listened for)",
  'popup.callback':
    "the popupWindow actor, or the popupAnswer actor for a window that read as closed (popup mode): the window handed over the provider's answer for its flow",
  'account.proofNeeded': "the account's chain or wallet region (raised): a send or a dApp's approved request needs the proof",
  'account.proofFailed': "the account's session region (raised): the proof could not be made, with why",
  'account.executed': "the wallet's region: a site's transaction went to the node, so the balance is read again",
  'wallet.connect': "a dApp: a wallet's standard:connect (silent or not)",
  'wallet.disconnect': "a dApp: a wallet's standard:disconnect",
  'wallet.sign':
    "a dApp (or, for a site, the hosted wallet's window): a wallet's sui:signPersonalMessage, sui:signTransaction or sui:signAndExecuteTransaction; enoki:getSession (put to the visitor only for a site asking through the hosted window); or a hosted site's connect, put to the visitor",
  'user.approve': 'the visitor: "Approve" in the wallet\'s dialog (a trusted click only), for the request it shows',
  'user.reject':
    'the visitor: "Reject" or Escape in the wallet\'s dialog (or the dialog closed another way), for the request it shows',
  'wallet.dialogFailed':
    "the wallet: the visitor could not be asked, because the dialog's code did not load, this browser could not show it, or the wallets were unregistered while it waited",
};

/** What each of the machine's named delays waits for: the sender of its `after` event. */
export const DELAY_DESCRIPTIONS: Readonly<Record<string, string>> = {
  untilExpiry: "the timer of the session's end (its expiresAt)",
  navigationStalled: 'the timer of a page still on its way to the provider (NAVIGATION_STALLED_MS after it set off)',
  untilRenewalOffer: 'the timer of the session\'s last ten minutes, when "Stay signed in" is offered',
  windowFlowExpiry: "the timer of the flow's end, for a sign-in window that read as closed and is still listened for",
};

/** Who sends the event of type `type`, when the machine handles it; undefined for any other type. */
export function eventDescriptionOf(type: string): string | undefined {
  const byType: Readonly<Record<string, string>> = EVENT_DESCRIPTIONS;
  return Object.hasOwn(byType, type) ? byType[type] : undefined;
}

/** What the delay named `delay` waits for; undefined for a delay the machine does not name. */
export function delayDescriptionOf(delay: string): string | undefined {
  return Object.hasOwn(DELAY_DESCRIPTIONS, delay) ? DELAY_DESCRIPTIONS[delay] : undefined;
}
