/**
 * One Wallet Standard wallet per provider ("Sign in with Google", …) over signInMachine.
 * The wallet keeps no state of its own: every call is an event of the machine
 * (`wallet.connect`, `wallet.disconnect`, `wallet.sign`), answered by an emitted
 * `wallet.answer` with the same request id; the account it shows is read from the
 * machine's snapshot. So each call shows in the chart and the transition log, and the
 * machine alone decides (a request for another account, a busy account, no account).
 */
import type { IdentifierString, ReadonlyWalletAccount, StandardEventsListeners, WalletAccount } from '@mysten/wallet-standard';
import { fromBase64, toBase64 } from '@mysten/utils';
import { waitFor } from 'xstate';
import { walletAccountOf } from '../core/account-wallet.ts';
import type { Provider } from '../core/providers.ts';
import { clearConnect, noteConnect } from './returning-connect.ts';
import { transactionParties } from './transaction-parties.ts';
import {
  CONNECT_NEEDS_A_GESTURE,
  refusalWords,
  SESSION_NEEDS_CONNECT,
  visitorActing,
  WALLET_REFUSALS,
  WALLETS_REMOVED,
} from './wallet-refusals.ts';
import type {
  SignInEvent,
  WalletAccountData,
  WalletAnswer,
  WalletRequest,
  WalletSession,
  WalletSignOutput,
} from '../core/sign-in.types.ts';
import type { SignInActorRef } from '../runtime/sign-in-actor.ts';
import { ZkLoginWalletBase, type ZkLoginWalletMethods } from '../wallet-base.ts';

type Snapshot = ReturnType<SignInActorRef['getSnapshot']>;
type Answered = Extract<WalletAnswer, { ok: true }>;

/** `enoki:getSession`'s input and output, as @mysten/enoki types them (a ZkLoginSession, or null). */
interface EnokiGetSessionInput {
  network?: string;
}
/** The methods behind the features, with `enoki:getSession`'s session as Enoki's wallets give it. */
type Methods = ZkLoginWalletMethods<(input?: EnokiGetSessionInput) => Promise<WalletSession | null>>;

/** Whether the machine has settled on what this tab holds (the machine's own tag). */
const settled = (snapshot: Snapshot) => snapshot.hasTag('settled');

/** The account of `provider` in this snapshot, or null. */
export function accountData(snapshot: Snapshot, provider: Provider): WalletAccountData | null {
  const account = snapshot.hasTag('has-account') ? walletAccountOf(snapshot.context) : null;
  return account?.provider === provider ? account : null;
}

/** Ours: the page's machine stopped or failed, so no request will be answered; it is refused rather than left waiting. */
export const MACHINE_STOPPED = "This page's sign-in has stopped: reload the page to use the wallet.";

/** xstate's waitFor, with a machine that stopped or failed (waitFor's rejection) read as MACHINE_STOPPED. */
const waitForMachine = (actor: SignInActorRef, predicate: (snapshot: Snapshot) => boolean) =>
  waitFor(actor, predicate).catch(() => {
    throw new Error(MACHINE_STOPPED);
  });

/**
 * Sends `event` once the machine has settled, and waits for its answer (the emitted
 * `wallet.answer` with `requestId`). A request that `needsAccount` is refused if the session
 * ends before it is answered. The wallets' one way to ask the machine, here and in the
 * hosted wallet's window (src/hosted/).
 */
export async function askMachine(
  actor: SignInActorRef,
  requestId: string,
  event: SignInEvent,
  needsAccount = false,
): Promise<Answered> {
  await waitForMachine(actor, settled);
  return new Promise<Answered>((resolve, reject) => {
    const stop = () => {
      answers.unsubscribe();
      ended?.unsubscribe();
    };
    const answers = actor.on('wallet.answer', (answer) => {
      if (answer.requestId !== requestId) return;
      stop();
      if (answer.ok) resolve(answer);
      else if ('refusal' in answer) reject(Object.assign(new Error(refusalWords(answer)), { refusal: answer.refusal }));
      else reject(new Error(answer.message));
    });
    const ended = needsAccount
      ? actor.subscribe((snapshot) => {
          if (snapshot.hasTag('has-account')) return;
          stop();
          reject(new Error(WALLET_REFUSALS.signedOut));
        })
      : undefined;
    actor.send(event);
  });
}

export class ZkLoginWallet extends ZkLoginWalletBase<Methods['getSession']> {
  readonly #actor: SignInActorRef;
  /** The registering page's choice (register.ts), private: no caller of a request can change it. */
  readonly #confirmPersonalMessages: boolean;
  #account: ReadonlyWalletAccount | null = null;
  /** Unregistered (register.ts): no dialog asks the visitor any more, so nothing is signed. */
  #removed = false;
  /** The account the visitor connected to this page interactively, in this page's life: the one whose session it may read. */
  #connectedByVisitor: string | null = null;
  /** Whether the visitor is acting now: read when an interactive connect is asked. */
  readonly #visitorActing: () => boolean;
  /** This page is the return of the visitor's connect through this wallet, not yet finished. */
  #returning: boolean;

  constructor(options: {
    actor: SignInActorRef;
    provider: Provider;
    chain: IdentifierString;
    /** Default true: the visitor approves each message. */
    confirmPersonalMessages?: boolean;
    /**
     * Default: the browser's transient activation. The embedded entry's wallets read it
     * themselves when the dApp calls, before their engine loads, and hand these `() => true`.
     */
    visitorActing?: () => boolean;
    /**
     * The visitor's interactive connect through this wallet left the page for the provider
     * (redirect mode) and this page is its return: the connect that finishes it (a silent one,
     * as the dApp makes it) is the visitor's.
     */
    returningFromVisitorConnect?: boolean;
  }) {
    super(options.provider, options.chain);
    this.#actor = options.actor;
    this.#visitorActing = options.visitorActing ?? visitorActing;
    this.#returning = options.returningFromVisitorConnect === true;
    this.#confirmPersonalMessages = options.confirmPersonalMessages !== false;
  }

  /** The account this tab is signed in with through this wallet's provider (none before a settled restore). */
  get accounts(): readonly WalletAccount[] {
    const snapshot = this.#actor.getSnapshot();
    const account = settled(snapshot) ? this.#toAccount(accountData(snapshot, this.provider)) : null;
    return account ? [account] : [];
  }

  protected featureMethods() {
    return this.#methods;
  }

  /** The same account object while the account is the same, as dApps compare them. */
  #toAccount(data: WalletAccountData | null): ReadonlyWalletAccount | null {
    if (!data) return (this.#account = null);
    const current = this.#account;
    if (current && current.address === data.address && toBase64(current.publicKey as Uint8Array) === data.publicKey) {
      return current;
    }
    return (this.#account = this.walletAccount(data.address, fromBase64(data.publicKey)));
  }

  #ask(requestId: string, event: SignInEvent, needsAccount = false): Promise<Answered> {
    return askMachine(this.#actor, requestId, event, needsAccount);
  }

  /** The page unregistered this wallet: a signing request is refused at once, never left waiting for a dialog. */
  remove() {
    this.#removed = true;
  }

  async #sign(request: WalletRequest): Promise<WalletSignOutput> {
    if (this.#removed) throw new Error(WALLETS_REMOVED);
    const answer = await this.#ask(request.requestId, { type: 'wallet.sign', request }, true);
    if (!answer.output || !('signature' in answer.output)) throw new Error('The wallet got no signature back.');
    return answer.output;
  }

  /** What each feature does, in one private object that featureMethods hands to `features` whole. */
  readonly #methods: Methods = {
    connect: async (input) => {
      const requestId = crypto.randomUUID();
      const silent = input?.silent === true;
      // Read first, before anything is awaited: the visitor's action is the call's own.
      if (!silent && !this.#visitorActing()) throw new Error(CONNECT_NEEDS_A_GESTURE);
      // In redirect mode an interactive connect may leave the page: noted until it returns (returning-connect.ts).
      if (!silent) noteConnect(this.name);
      try {
        const answer = await this.#ask(requestId, { type: 'wallet.connect', requestId, provider: this.provider, silent });
        const account = this.#toAccount(answer.account ?? null);
        if (account && (!silent || this.#returning)) this.#connectedByVisitor = account.address;
        this.#returning = false;
        return { accounts: account ? [account] : [] };
      } finally {
        if (!silent) clearConnect();
      }
    },

    disconnect: async () => {
      const requestId = crypto.randomUUID();
      this.#connectedByVisitor = null;
      await this.#ask(requestId, { type: 'wallet.disconnect', requestId, provider: this.provider });
    },

    on: (event, listener) => {
      if (event !== 'change') return () => {};
      let last = this.accounts[0] ?? null;
      const subscription = this.#actor.subscribe(() => {
        const next = this.accounts[0] ?? null;
        if (next === last) return;
        last = next;
        (listener as StandardEventsListeners['change'])({ accounts: next ? [next] : [] });
      });
      return () => subscription.unsubscribe();
    },

    /**
     * `enoki:getSession`: the session of this wallet's account, as Enoki's wallets give it, or
     * null when there is none (no account of this provider, or it ended). Another network than
     * the wallet's is refused: its session is for its own chain only. While the account's
     * one request at a time is under way (a dialog open), the read waits for it to end. It
     * answers only a page the visitor connected this account to interactively (the session
     * carries the sign-in token): a page that only reconnected silently connects again first.
     */
    getSession: async (input) => {
      if (this.#removed) throw new Error(WALLETS_REMOVED);
      const current = accountData(this.#actor.getSnapshot(), this.provider);
      if (current && this.#connectedByVisitor !== current.address) throw new Error(SESSION_NEEDS_CONNECT);
      this.refuseOtherNetwork(input?.network);
      for (;;) {
        await waitForMachine(this.#actor, (snapshot) => settled(snapshot) && !snapshot.context.walletRequest);
        const account = accountData(this.#actor.getSnapshot(), this.provider);
        if (!account) return null;
        // Asked while the session was being restored: checked again now that there is an account.
        if (this.#connectedByVisitor !== account.address) throw new Error(SESSION_NEEDS_CONNECT);
        const requestId = crypto.randomUUID();
        const request: WalletRequest = { kind: 'getSession', requestId, address: account.address, chain: this.chain };
        try {
          const { output } = await this.#ask(requestId, { type: 'wallet.sign', request }, true);
          const read = output && 'session' in output ? output.session : null;
          return read ? { ...read.reveal() } : null;
        } catch (error) {
          // Another request took the account first: wait for it, then read.
          if ((error as { refusal?: string }).refusal === 'busy') continue;
          // The machine refused: the account went away meanwhile (signed out, another account),
          // so there is no session to give. Anything else (storage that could not be read) is
          // the dApp's to hear, never passed off as "signed out".
          if ((error as { refusal?: string }).refusal !== undefined) return null;
          throw error;
        }
      }
    },

    signPersonalMessage: async (input) => {
      const { bytes, signature } = await this.#sign({
        kind: 'signPersonalMessage',
        requestId: crypto.randomUUID(),
        address: input.account.address,
        chain: input.chain ?? this.chain,
        message: toBase64(input.message),
        ...(this.#confirmPersonalMessages ? {} : { approvedByPage: true }),
      });
      return { bytes, signature };
    },

    signTransaction: async (input) => {
      input.signal?.throwIfAborted();
      const transaction = await input.transaction.toJSON();
      const { bytes, signature } = await this.#sign({
        kind: 'signTransaction',
        requestId: crypto.randomUUID(),
        address: input.account.address,
        chain: input.chain,
        transaction,
        ...transactionParties(transaction),
      });
      return { bytes, signature };
    },

    signAndExecuteTransaction: async (input) => {
      input.signal?.throwIfAborted();
      const transaction = await input.transaction.toJSON();
      const output = await this.#sign({
        kind: 'signAndExecuteTransaction',
        requestId: crypto.randomUUID(),
        address: input.account.address,
        chain: input.chain,
        transaction,
        ...transactionParties(transaction),
      });
      return { bytes: output.bytes, signature: output.signature, digest: output.digest ?? '', effects: output.effects ?? '' };
    },
  };
}
