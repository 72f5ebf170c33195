// @vitest-environment jsdom
/**
 * The hosted wallet's window over a running machine (stub operations): the dApp's request
 * becomes the wallet region's event, the visitor's answer in the dialog settles it, and the
 * window answers the dApp once. The visitor is played by answering whatever the machine
 * puts to them (the 'awaiting-approval' tag), as the dialog would.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { WalletWindowAnswer, WalletWindowRequest } from '../../packages/sui-zklogin-wallet/src/channel/messages.ts';
import type { Provider } from '../../packages/sui-zklogin-wallet/src/core/providers.ts';
import type {
  ApprovedWalletRequest,
  SignedInSession,
  WalletOutput,
} from '../../packages/sui-zklogin-wallet/src/core/sign-in.types.ts';
import {
  IDENTITY,
  restoresTo,
  session,
  stubbedMachine,
  type StubActors,
} from '../../packages/sui-zklogin-wallet/test/machine-stubs.ts';
import type { SignInActorRef } from '../../packages/sui-zklogin-wallet/src/runtime/sign-in-actor.ts';
import { WALLET_REFUSALS } from '../../packages/sui-zklogin-wallet/src/wallet/wallet-refusals.ts';
import { connectedSites } from './connected-sites.ts';
import { sitePauses } from './site-pauses.ts';
import {
  notOffered,
  OTHER_ACCOUNT_AT_WALLET,
  otherNetwork,
  otherNetworkSigning,
  otherProviderAtWallet,
  serveDappRequest,
  SITE_DISCONNECTED,
} from './wallet-window.ts';

const SITE = 'https://dapp.example';
const MESSAGE: WalletWindowRequest = {
  kind: 'signPersonalMessage',
  provider: 'google',
  address: IDENTITY.address,
  chain: 'sui:testnet',
  message: 'aGk=',
};

/** A transaction to sign and execute, for this account (its JSON form names no sender: the wallet sets it). */
const EXECUTE: WalletWindowRequest = {
  kind: 'signAndExecuteTransaction',
  provider: 'google',
  address: IDENTITY.address,
  chain: 'sui:testnet',
  transaction: JSON.stringify({ version: 2, sender: null, gasData: { owner: null } }),
};

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

/**
 * A wallet signed in with `current` (a test's own session(), made as it runs, so that what a
 * site was connected in can be compared with it), and a visitor who answers each question
 * with the next of `answers`.
 */
async function wallet(
  current: SignedInSession,
  answers: ('approve' | 'reject' | 'ignore')[] = [],
  overrides: Partial<StubActors> = {},
) {
  const actor: SignInActorRef = createActor(
    stubbedMachine({ restoreSession: restoresTo({ status: 'signed-in', ...current }), ...overrides }),
    { input: { chain: 'sui:testnet' } },
  );
  const asked: string[] = [];
  actor.subscribe((snapshot) => {
    const request = snapshot.context.walletRequest;
    if (!snapshot.hasTag('awaiting-approval') || !request || asked.includes(request.requestId)) return;
    if (!snapshot.can({ type: 'user.approve', requestId: request.requestId })) return;
    asked.push(request.requestId);
    const answer = answers.shift() ?? 'reject';
    if (answer === 'ignore') return;
    queueMicrotask(() =>
      actor.send({ type: answer === 'approve' ? 'user.approve' : 'user.reject', requestId: request.requestId }),
    );
  });
  actor.start();
  await waitFor(actor, (snapshot) => snapshot.hasTag('settled'));
  return { actor, asked };
}

/**
 * Starts serving one request from SITE: what the window answers and says, as it happens, and
 * `served`, settled once it has answered.
 */
function serving(
  actor: SignInActorRef,
  request: WalletWindowRequest,
  {
    offer = false,
    pauses = sitePauses(localStorage, () => 0),
    offered,
    refused = new Promise<void>(() => {}),
  }: {
    offer?: boolean;
    pauses?: ReturnType<typeof sitePauses>;
    offered?: Provider[];
    /** Settles when the visitor presses the standing Refuse (while asked to sign in); never by default. */
    refused?: Promise<void>;
  } = {},
) {
  const answers: WalletWindowAnswer[] = [];
  /** The standing buttons shown now, and every one ever shown. */
  const standingButtons = new Set<string>();
  const standingShown: string[] = [];
  /** In order: the window's offer to the visitor, and what the dApp heard (that the visitor approved, the answer). */
  const heard: ('offer' | 'approved' | 'answer')[] = [];
  const said: string[] = [];
  /** The button of each offer that accepts it. */
  const buttons: string[] = [];
  /** The dApp's page going (it withdraws its request), and whether the window closed itself. */
  let withdraw = () => {};
  const window = { closed: false };
  const served = serveDappRequest(
    actor,
    {
      origin: SITE,
      request,
      approved: () => void heard.push('approved'),
      answer: (answer) => void (answers.push(answer), heard.push('answer')),
      onWithdrawn: (listener) => void (withdraw = listener),
    },
    {
      say: (text) => void said.push(text),
      offer: async (text, yes) => (said.push(text), buttons.push(yes), heard.push('offer'), offer),
      standing: (label) => {
        standingButtons.add(label);
        standingShown.push(label);
        return { pressed: refused, remove: () => void standingButtons.delete(label) };
      },
    },
    { pauses, offered, closeWindow: () => void (window.closed = true) },
  );
  return { answers, said, buttons, heard, served, standingButtons, standingShown, withdraw: () => withdraw(), window };
}

/**
 * The window's page is gone (closed, or reloaded): in the browser its serving ends with it.
 * Here one document holds every simulated window, so the serving is ended by hand (a sign-out
 * rejects without counting toward the pause), or its page listeners would hear the next
 * window's page events.
 */
async function gone(actor: SignInActorRef, served: Promise<void>) {
  actor.send({ type: 'user.signOut' });
  await served;
  actor.stop();
}

/** Serves one request from SITE; the window's one answer, and what its notice said. */
async function serve(actor: SignInActorRef, request: WalletWindowRequest, options: Parameters<typeof serving>[2] = {}) {
  const { served, ...outcome } = serving(actor, request, options);
  await served;
  return outcome;
}

describe("the hosted wallet's window", () => {
  it('the window closed while it asks counts as a rejection toward the pause', async () => {
    const current = session();
    connectedSites().connect({ origin: SITE, provider: 'google', address: IDENTITY.address, sessionEnds: current.expiresAt });
    let now = 7_000_000;
    const pauses = sitePauses(localStorage, () => now);
    for (let closed = 0; closed < 3; closed++) {
      // Nobody answers the dialog: the visitor closes the window instead (its machine stops
      // with the page, so no answer reaches the dApp from it: the dApp's client reads the close).
      const { actor } = await wallet(current, ['ignore']);
      const { served } = serving(actor, MESSAGE, { pauses });
      await waitFor(actor, (snapshot) => snapshot.hasTag('awaiting-approval'));
      window.dispatchEvent(new Event('pagehide'));
      await gone(actor, served);
      now += 1_000;
    }
    // Each close counted once, at its own time.
    expect(pauses.rejections(SITE)).toEqual([7_000_000, 7_001_000, 7_002_000]);
    expect(pauses.paused(SITE)).toBe(true);
  });

  it("the site's page going while the window asks: the window closes itself, and its going is no rejection of the visitor's", async () => {
    const current = session();
    connectedSites().connect({ origin: SITE, provider: 'google', address: IDENTITY.address, sessionEnds: current.expiresAt });
    const pauses = sitePauses(localStorage, () => 7_000_000);
    const { actor } = await wallet(current, ['ignore']);
    const { served, withdraw, window: opened } = serving(actor, MESSAGE, { pauses });
    await waitFor(actor, (snapshot) => snapshot.hasTag('awaiting-approval'));
    withdraw();
    expect(opened.closed).toBe(true);
    window.dispatchEvent(new Event('pagehide'));
    await gone(actor, served);
    expect(pauses.rejections(SITE)).toEqual([]);
  });

  it('the site gone after the visitor approved its execution: it goes on, and the window, which stays, says how it ended', async () => {
    const current = session();
    connectedSites().connect({ origin: SITE, provider: 'google', address: IDENTITY.address, sessionEnds: current.expiresAt });
    let execute = () => {};
    const executing = fromPromise<WalletOutput, ApprovedWalletRequest>(
      () => new Promise((resolve) => (execute = () => resolve({ bytes: 'dHg=', signature: 'sig', digest: 'D', effects: 'e' }))),
    );
    const { actor } = await wallet(current, ['approve'], { walletRequest: executing });
    const serve = serving(actor, EXECUTE);
    await vi.waitFor(() => expect(serve.heard).toContain('approved'));
    serve.withdraw();
    execute();
    await serve.served;
    expect(serve.window.closed).toBe(false);
    expect(serve.said).toContain(`${SITE} left before its answer. What you approved goes on: this window says how it ends.`);
    expect(serve.said.at(-1)).toBe(
      `Done: what you approved was carried out, though ${SITE} left before its answer. You can close this window.`,
    );
  });

  it('a reload of the window while it asks is no rejection: the reloaded window takes its close back and asks again; a close for good still counts', async () => {
    const current = session();
    connectedSites().connect({ origin: SITE, provider: 'google', address: IDENTITY.address, sessionEnds: current.expiresAt });
    let now = 7_000_000;
    // One window's own sessionStorage, which its reloads keep.
    const pauses = sitePauses(localStorage, () => now, sessionStorage);
    const asking = async () => {
      const { actor } = await wallet(current, ['ignore']);
      const outcome = serving(actor, MESSAGE, { pauses });
      // Asking the visitor, or answered without asking (paused): whichever comes first.
      await Promise.race([waitFor(actor, (snapshot) => snapshot.hasTag('awaiting-approval')), outcome.served]);
      return { actor, outcome };
    };
    for (let reload = 0; reload < 3; reload++) {
      const { actor, outcome } = await asking();
      window.dispatchEvent(new Event('pagehide'));
      await gone(actor, outcome.served);
      now += 1_000;
    }
    // The window reloaded three times while it asked: it asks again, unpaused, and nothing counts.
    const { actor, outcome } = await asking();
    expect(outcome.answers).toEqual([]);
    expect(pauses.rejections(SITE)).toEqual([]);
    // Kept for the back/forward cache and shown again: not counted either.
    window.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: true }));
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(pauses.rejections(SITE)).toEqual([]);
    // Then closed for good: its sessionStorage goes with it, and the close counts.
    window.dispatchEvent(new Event('pagehide'));
    await gone(actor, outcome.served);
    sessionStorage.clear();
    const next = await asking();
    expect(pauses.rejections(SITE)).toEqual([now]);
    await gone(next.actor, next.outcome.served);
  });

  it("a sign-out while the dialog asks rejects the request, but does not count toward the site's pause", async () => {
    const current = session();
    connectedSites().connect({ origin: SITE, provider: 'google', address: IDENTITY.address, sessionEnds: current.expiresAt });
    const pauses = sitePauses(localStorage, () => 8_000_000);
    const { actor } = await wallet(current, ['ignore']);
    const served = serve(actor, MESSAGE, { pauses });
    await waitFor(actor, (snapshot) => snapshot.hasTag('awaiting-approval'));
    actor.send({ type: 'user.signOut' });
    expect((await served).answers).toEqual([{ ok: false, error: WALLET_REFUSALS.rejected }]);
    expect(pauses.rejections(SITE)).toEqual([]);
  });

  it('a paused site may still connect (a connect is never paused)', async () => {
    const pauses = sitePauses(localStorage, () => 5_000_000);
    for (let count = 0; count < 3; count++) pauses.rejected(SITE);
    expect(pauses.paused(SITE)).toBe(true);
    const { actor } = await wallet(session(), ['approve']);
    expect(
      (await serve(actor, { kind: 'connect', provider: 'google', chain: 'sui:testnet' }, { pauses })).answers[0],
    ).toMatchObject({ ok: true });
  });

  it('a connect while no one is signed in here: Refuse stands beside "sign in to go on", and pressed, the site hears it rejected', async () => {
    const actor: SignInActorRef = createActor(stubbedMachine({ restoreSession: restoresTo('empty') }), {
      input: { chain: 'sui:testnet' },
    });
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.hasTag('settled'));
    let refuse = () => {};
    const refused = new Promise<void>((resolve) => (refuse = resolve));
    const { served, said, answers, standingButtons } = serving(
      actor,
      { kind: 'connect', provider: 'google', chain: 'sui:testnet' },
      { refused },
    );
    await vi.waitFor(() => expect(standingButtons).toEqual(new Set(['Refuse'])));
    expect(said).toEqual([`${SITE} asks to connect to your Google account. Sign in with Google to go on.`]);
    refuse();
    await served;
    expect(answers).toEqual([{ ok: false, error: WALLET_REFUSALS.rejected }]);
    expect(standingButtons).toEqual(new Set());
    expect(connectedSites().list()).toEqual([]);
  });

  it('signed in already, a connect offers no standing Refuse: the dialog has Reject', async () => {
    const { actor } = await wallet(session(), ['approve']);
    const { served, standingShown, answers } = serving(actor, { kind: 'connect', provider: 'google', chain: 'sui:testnet' });
    await served;
    expect(answers).toMatchObject([{ ok: true }]);
    expect(standingShown).toEqual([]);
  });

  it('a connect is approved in the dialog: the site gets the public account and is kept as connected', async () => {
    const current = session();
    const { actor, asked } = await wallet(current, ['approve']);
    const { answers } = await serve(actor, { kind: 'connect', provider: 'google', chain: 'sui:testnet' });
    expect(answers).toEqual([
      {
        ok: true,
        value: { address: IDENTITY.address, publicKey: IDENTITY.publicKey, sessionEnds: current.expiresAt },
        sessionEnds: current.expiresAt,
      },
    ]);
    expect(asked).toHaveLength(1);
    expect(connectedSites().isConnected(SITE, 'google', IDENTITY.address, current.expiresAt)).toBe(true);
  });

  it("a connected site's message is put to the visitor and signed once approved", async () => {
    const current = session();
    connectedSites().connect({ origin: SITE, provider: 'google', address: IDENTITY.address, sessionEnds: current.expiresAt });
    const { actor } = await wallet(current, ['approve']);
    const { answers, heard } = await serve(actor, MESSAGE);
    // With when the session it was served in ends: the client's remembered account follows a renewal.
    expect(answers).toEqual([
      {
        ok: true,
        value: expect.objectContaining({ signature: expect.stringMatching(/^signed:/) }),
        sessionEnds: current.expiresAt,
      },
    ]);
    // Nothing on chain: a window gone before it answered may simply be asked again.
    expect(heard).toEqual(['answer']);
  });

  it('an execution the visitor approves is told to the site before its answer (it may happen on chain even if the window goes); a rejected one is not', async () => {
    const current = session();
    connectedSites().connect({ origin: SITE, provider: 'google', address: IDENTITY.address, sessionEnds: current.expiresAt });
    const approving = await wallet(current, ['approve']);
    const approved = await serve(approving.actor, EXECUTE);
    expect(approved.answers).toEqual([{ ok: true, value: expect.anything(), sessionEnds: current.expiresAt }]);
    expect(approved.heard).toEqual(['approved', 'answer']);
    const rejecting = await wallet(current, ['reject']);
    expect((await serve(rejecting.actor, EXECUTE)).heard).toEqual(['answer']);
  });

  it('a site that never connected: the window says so (not that the visitor disconnected it) and offers to connect it; refused, the site hears its one refusal', async () => {
    const { actor, asked } = await wallet(session());
    const refused = await serve(actor, MESSAGE);
    expect(refused.said).toContain(`${SITE} is not connected to your wallet. Connect it to answer its request?`);
    expect(refused.said.join(' ')).not.toContain('You disconnected');
    expect(refused.buttons).toEqual(['Connect']);
    expect(refused.answers).toEqual([{ ok: false, error: SITE_DISCONNECTED, disconnected: true }]);
    expect(asked).toEqual([]);
  });

  it('a site the visitor disconnected is said disconnected, until it connects again', async () => {
    const current = session();
    const sites = connectedSites();
    sites.connect({ origin: SITE, provider: 'google', address: IDENTITY.address, sessionEnds: current.expiresAt });
    sites.disconnect(SITE);
    const { actor } = await wallet(current, ['approve', 'approve']);
    const refused = await serve(actor, MESSAGE);
    expect(refused.said).toContain(`You disconnected ${SITE} from your wallet. Connect it to answer its request?`);
    expect(refused.buttons).toEqual(['Connect again']);
    expect(refused.answers).toEqual([{ ok: false, error: SITE_DISCONNECTED, disconnected: true }]);
    // Connected again (through the offer), the site is no longer kept as disconnected.
    const reconnected = await serve(actor, MESSAGE, { offer: true });
    expect(reconnected.answers).toEqual([{ ok: true, value: expect.anything(), sessionEnds: current.expiresAt }]);
    expect(sites.wasDisconnected(SITE, IDENTITY.address)).toBe(false);
  });

  it('a site connected in an earlier session (since signed out, or ended) is asked about again, said as such', async () => {
    const current = session();
    connectedSites().connect({ origin: SITE, provider: 'google', address: IDENTITY.address, sessionEnds: current.expiresAt - 1 });
    const { actor, asked } = await wallet(current);
    const { answers, said, buttons } = await serve(actor, MESSAGE);
    expect(said).toContain(`You signed out of your wallet since ${SITE} connected. Connect it to answer its request?`);
    expect(buttons).toEqual(['Connect again']);
    expect(answers).toEqual([{ ok: false, error: SITE_DISCONNECTED, disconnected: true }]);
    expect(asked).toEqual([]);
  });

  it('a request for another account than the wallet holds now tells the site to connect again', async () => {
    const current = session();
    connectedSites().connect({ origin: SITE, provider: 'google', address: IDENTITY.address, sessionEnds: current.expiresAt });
    const { actor, asked } = await wallet(current);
    const { answers } = await serve(actor, { ...MESSAGE, address: `0x${'cd'.repeat(32)}` });
    expect(answers).toEqual([{ ok: false, error: OTHER_ACCOUNT_AT_WALLET, disconnected: true }]);
    expect(asked).toEqual([]);
  });

  it("a site that is not connected hears the same whether or not the address it names is the wallet's, and only once the visitor refuses", async () => {
    const { actor, asked } = await wallet(session());
    const named = await serve(actor, MESSAGE);
    const guessed = await serve(actor, { ...MESSAGE, address: `0x${'cd'.repeat(32)}` });
    expect(guessed.answers).toEqual(named.answers);
    expect(guessed.answers).toEqual([{ ok: false, error: SITE_DISCONNECTED, disconnected: true }]);
    // Each was put to the visitor first (the offer to connect the site): the site heard only after.
    expect(named.heard).toEqual(['offer', 'answer']);
    expect(guessed.heard).toEqual(['offer', 'answer']);
    expect(asked).toEqual([]);
  });

  it('a site connected to an account the wallet no longer holds: the visitor is asked first, and accepting sends the site to connect again (no connect asked here for a request it cannot use)', async () => {
    const current = session();
    const before = `0x${'cd'.repeat(32)}`;
    connectedSites().connect({ origin: SITE, provider: 'google', address: before, sessionEnds: current.expiresAt - 1 });
    const { actor, asked } = await wallet(current);
    const { answers, said, buttons, heard } = await serve(actor, { ...MESSAGE, address: before }, { offer: true });
    // The choice says what it does: nothing is connected here; the site hears why, and connects again from its side.
    expect(said).toContain(
      `${SITE} asks about another account than the one your wallet is signed in with. Tell it your wallet holds another account now, so that it can connect again?`,
    );
    expect(buttons).toEqual(['Tell it']);
    expect(heard).toEqual(['offer', 'answer']);
    expect(answers).toEqual([{ ok: false, error: OTHER_ACCOUNT_AT_WALLET, disconnected: true }]);
    expect(asked).toEqual([]);
  });

  it("a connect from a site on another network than the wallet's is refused at once, saying so, before any sign-in or question", async () => {
    const { actor, asked } = await wallet(session());
    const { answers, heard } = await serve(actor, { kind: 'connect', provider: 'google', chain: 'sui:mainnet' });
    expect(answers).toEqual([{ ok: false, error: otherNetwork('sui:testnet', 'sui:mainnet') }]);
    expect(otherNetwork('sui:testnet', 'sui:mainnet')).toBe(
      "This wallet's account is on testnet: it cannot connect to a site on mainnet.",
    );
    expect(heard).toEqual(['answer']);
    expect(asked).toEqual([]);
  });

  it('a signing request for another network (from a site connected here on this one) is refused at once, saying so; the site stays connected', async () => {
    const current = session();
    connectedSites().connect({ origin: SITE, provider: 'google', address: current.address, sessionEnds: current.expiresAt });
    const { actor, asked } = await wallet(current);
    const { answers, heard } = await serve(actor, { ...MESSAGE, chain: 'sui:mainnet' }, { offer: true });
    expect(answers).toEqual([{ ok: false, error: otherNetworkSigning('sui:testnet', 'sui:mainnet') }]);
    expect(otherNetworkSigning('sui:testnet', 'sui:mainnet')).toBe(
      "This wallet's account is on testnet: it cannot sign for mainnet.",
    );
    // No question, no offer to connect it on a network the account is not on.
    expect(heard).toEqual(['answer']);
    expect(asked).toEqual([]);
  });

  it('a request for a provider this wallet does not offer is refused at once, saying so', async () => {
    const { actor, asked } = await wallet(session());
    const { answers } = await serve(
      actor,
      { kind: 'connect', provider: 'twitch', chain: 'sui:testnet' },
      { offered: ['google', 'facebook'] },
    );
    expect(answers).toEqual([{ ok: false, error: notOffered('twitch') }]);
    expect(notOffered('twitch')).toBe('This wallet does not offer sign-in with Twitch.');
    expect(asked).toEqual([]);
  });

  it("a connect for another provider than the wallet's: the window says so and waits for the visitor, and the site hears nothing meanwhile", async () => {
    const { actor, asked } = await wallet(session());
    const { answers, said, served } = serving(actor, { kind: 'connect', provider: 'twitch', chain: 'sui:testnet' });
    await vi.waitFor(() => expect(said).toContain(otherProviderAtWallet(SITE, 'google', 'twitch')));
    // Said in the window, not to the site: it has heard nothing.
    expect(answers).toEqual([]);
    expect(asked).toEqual([]);
    // The window goes (its machine with it): its serving ends, and listens no more.
    actor.stop();
    await served;
  });

  it('connected again from that offer, the connect and then the request are each approved', async () => {
    const current = session();
    const { actor, asked } = await wallet(current, ['approve', 'approve']);
    const { answers, heard } = await serve(actor, EXECUTE, { offer: true });
    expect(asked).toHaveLength(2);
    expect(answers[0]).toMatchObject({ ok: true });
    // The site hears of its own request's approval, not of the connect on the way.
    expect(heard).toEqual(['offer', 'approved', 'answer']);
    expect(connectedSites().isConnected(SITE, 'google', IDENTITY.address, current.expiresAt)).toBe(true);
  });

  it("three rejections within a minute pause the site's requests for a minute, across windows, without a dialog; an approval resets", async () => {
    const current = session();
    connectedSites().connect({ origin: SITE, provider: 'google', address: IDENTITY.address, sessionEnds: current.expiresAt });
    // The test's own clock, made now: each window's machine starts afresh, the pause is kept by site.
    let now = 1_000_000;
    const pauses = sitePauses(localStorage, () => now);
    for (let window = 0; window < 3; window++) {
      const { actor } = await wallet(current, ['reject']);
      expect((await serve(actor, MESSAGE, { pauses })).answers).toEqual([{ ok: false, error: WALLET_REFUSALS.rejected }]);
      now += 10_000;
    }
    const paused = await wallet(current, ['approve']);
    expect((await serve(paused.actor, MESSAGE, { pauses })).answers).toEqual([{ ok: false, error: WALLET_REFUSALS.paused }]);
    expect(paused.asked).toEqual([]);
    // Still paused a moment before the minute from the last rejection (at +20 s) ends; asked again at it.
    now += 49_999;
    const stillPaused = await wallet(current, ['approve']);
    expect((await serve(stillPaused.actor, MESSAGE, { pauses })).answers).toEqual([{ ok: false, error: WALLET_REFUSALS.paused }]);
    now += 1;
    const again = await wallet(current, ['approve']);
    expect((await serve(again.actor, MESSAGE, { pauses })).answers[0]).toMatchObject({ ok: true });
    expect(again.asked).toHaveLength(1);
    // The approval starts the count again: the site's rejections are gone, not merely old.
    expect(pauses.rejections(SITE)).toEqual([]);
    expect(Object.keys(localStorage).filter((key) => key.startsWith('zklogin-wallet:rejection'))).toEqual([]);
  });
});
