/**
 * The embedded entry's wallets: what the Wallet Standard apps of the page see at once (name,
 * icon, chain, features), before the wallet's engine has loaded. Each call goes to the
 * engine's wallet of the same provider (embedded-engine.ts), loading the engine first when it
 * is not there yet; the account and its change events are the engine's wallet's as soon as
 * it is. So a page with nothing stored carries the registration only until a dApp asks.
 *
 * Two answers need no engine: a silent connect on a page that holds no session and loads no
 * engine (no account, as the machine would say), and the refusal of an interactive connect the visitor did not
 * make (read here, when the dApp calls: the engine may arrive after the visitor's moment).
 * One interactive connect is excused: back from the provider in redirect mode, the dApp
 * finishes the Connect the visitor made before the page left (returning-connect.ts), with
 * no gesture on this page.
 */
import type { StandardEventsListeners, WalletAccount } from '@mysten/wallet-standard';
import type { IdentifierString } from '@mysten/wallet-standard';
import type { Provider } from '../core/providers.ts';
import { ZkLoginWalletBase, type ZkLoginWalletMethods } from '../wallet-base.ts';
import type { EmbeddedEngine } from './embedded-engine.ts';
import { CONNECT_NEEDS_A_GESTURE, visitorActing, WALLETS_REMOVED } from './wallet-refusals.ts';
import type { ZkLoginWallet } from './zklogin-wallet.ts';

/** The engine, as the entry's wallets share it: there or not yet, and loaded on demand. */
export interface EngineSource {
  /** The engine if it has loaded (and not been stopped), else null. */
  current(): EmbeddedEngine | null;
  /** The engine, loading it if need be; rejects once the registration was withdrawn. */
  load(): Promise<EmbeddedEngine>;
  /**
   * Whether an account may be had without the visitor: the engine is loading (a session to
   * restore, a provider's answer to take) or this page holds anything of a session. Else a
   * silent connect has no account to give.
   */
  mayHaveAccount(): boolean;
  /**
   * Whether `walletName` is the wallet whose Connect left this page for the provider (redirect
   * mode), not yet finished: true once, for that wallet. The dApp finishes that Connect on its
   * own when the page comes back, with no new gesture: the visitor's click was the one before
   * the page left.
   */
  takeReturningConnect(walletName: string): boolean;
}

type GetSession =
  ReturnType<ZkLoginWallet['features']['enoki:getSession']['getSession']> extends Promise<infer S>
    ? (input?: { network?: string }) => Promise<S>
    : never;

export class EmbeddedZkLoginWallet extends ZkLoginWalletBase<GetSession> {
  readonly #engine: EngineSource;
  #removed = false;
  /** Change listeners given before the engine loaded: handed to its wallet when it does. */
  readonly #waiting = new Set<{ listener: StandardEventsListeners['change']; off?: () => void }>();

  constructor(provider: Provider, chain: IdentifierString, engine: EngineSource) {
    super(provider, chain);
    this.#engine = engine;
  }

  get accounts(): readonly WalletAccount[] {
    return this.#engine.current()?.wallet(this.provider)?.accounts ?? [];
  }

  protected featureMethods() {
    return this.#methods;
  }

  /** The page withdrew the registration: every call is refused from now on. */
  remove() {
    this.#removed = true;
    for (const waiting of this.#waiting) waiting.off?.();
    this.#waiting.clear();
  }

  /**
   * The engine has loaded: listeners given before are handed to its wallet, and told of an
   * account it already shows (a session restored as the page loaded).
   */
  engineLoaded(engine: EmbeddedEngine) {
    const wallet = engine.wallet(this.provider);
    if (!wallet || this.#removed) return;
    for (const waiting of this.#waiting) {
      waiting.off = wallet.features['standard:events'].on('change', waiting.listener);
      if (wallet.accounts.length > 0) waiting.listener({ accounts: wallet.accounts });
    }
  }

  /** This provider's wallet in the engine, loaded if need be. */
  async #wallet(): Promise<ZkLoginWallet> {
    if (this.#removed) throw new Error(WALLETS_REMOVED);
    const wallet = (await this.#engine.load()).wallet(this.provider);
    if (!wallet || this.#removed) throw new Error(WALLETS_REMOVED);
    return wallet;
  }

  readonly #methods: ZkLoginWalletMethods<GetSession> = {
    connect: async (input) => {
      const silent = input?.silent === true;
      // Read now, before anything is awaited: the visitor's action is the call's own.
      if (!silent && !visitorActing() && !this.#engine.takeReturningConnect(this.name)) throw new Error(CONNECT_NEEDS_A_GESTURE);
      if (silent && !this.#engine.current() && !this.#engine.mayHaveAccount()) {
        if (this.#removed) throw new Error(WALLETS_REMOVED);
        return { accounts: [] };
      }
      return (await this.#wallet()).features['standard:connect'].connect(input);
    },
    disconnect: async () => (await this.#wallet()).features['standard:disconnect'].disconnect(),
    on: (event, listener) => {
      if (event !== 'change') return () => {};
      const wallet = this.#engine.current()?.wallet(this.provider);
      if (wallet) return wallet.features['standard:events'].on('change', listener);
      const waiting = { listener: listener as StandardEventsListeners['change'], off: undefined as (() => void) | undefined };
      this.#waiting.add(waiting);
      return () => {
        this.#waiting.delete(waiting);
        waiting.off?.();
      };
    },
    signPersonalMessage: async (input) => (await this.#wallet()).features['sui:signPersonalMessage'].signPersonalMessage(input),
    signTransaction: async (input) => (await this.#wallet()).features['sui:signTransaction'].signTransaction(input),
    signAndExecuteTransaction: async (input) =>
      (await this.#wallet()).features['sui:signAndExecuteTransaction'].signAndExecuteTransaction(input),
    getSession: async (input) => (await this.#wallet()).features['enoki:getSession'].getSession(input),
  };
}
