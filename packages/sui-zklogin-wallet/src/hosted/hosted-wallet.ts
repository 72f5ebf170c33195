/**
 * One Wallet Standard wallet per provider, on a dApp's page, whose account lives at the
 * wallet's origin (docs/hosted-wallet.md): every interactive request is carried to the
 * wallet's window (../channel/dapp-side.ts), where the visitor signs in, approves or rejects.
 * This page holds only the public account an approved connect gave it (address and public
 * key), remembered on its origin so that a silent connect (dapp-kit's autoconnect) opens
 * nothing; a refusal that says the site is no longer connected forgets it.
 */
import type {
  IdentifierString,
  ReadonlyWalletAccount,
  StandardEventsListeners,
  SuiSignTransactionInput,
  WalletAccount,
} from '@mysten/wallet-standard';
import * as v from 'valibot';
import { WalletRefusal, type WindowAnswered } from '../channel/dapp-side.ts';
import type { WalletWindowRequest } from '../channel/messages.ts';
import type { Provider } from '../core/providers.ts';
import { ZkLoginWalletBase, type ZkLoginWalletMethods } from '../wallet-base.ts';
import { AccountAnswerSchema, rememberedAccounts, type AccountAnswer } from './remembered-accounts.ts';

/** What the window answers each request with, checked before the dApp gets it. */
const Signed = v.object({ bytes: v.string(), signature: v.string() });
const Executed = v.object({ bytes: v.string(), signature: v.string(), digest: v.string(), effects: v.string() });
const Session = v.nullable(v.record(v.string(), v.unknown()));

/** Ours: the window answered with something this client cannot read. */
export const UNREADABLE_ANSWER = "The wallet's answer could not be read.";
/** Ours: a request before any connect, or for an account this wallet did not give. */
export const NOT_CONNECTED = 'This wallet has no account on this site: connect first.';

function read<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(schema, value);
  if (!parsed.success) throw new Error(UNREADABLE_ANSWER);
  return parsed.output;
}

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));

export interface HostedWalletOptions {
  provider: Provider;
  chain: IdentifierString;
  /** Carries one request to the wallet's window and settles with its answer (createWalletChannel's `ask`). */
  ask: (request: WalletWindowRequest) => Promise<WindowAnswered>;
  /** Where the approved public account is remembered on this origin (by wallet origin and provider). */
  memory: ReturnType<typeof rememberedAccounts>;
  /** The time, for a remembered account's session end (Date.now; a test's own clock). */
  now: () => number;
}

/** The methods behind the features; `enoki:getSession`'s session is a plain record, as the window shared it. */
type Methods = ZkLoginWalletMethods<(input?: { network?: string }) => Promise<Record<string, unknown> | null>>;

export class HostedZkLoginWallet extends ZkLoginWalletBase<Methods['getSession']> {
  readonly #ask: HostedWalletOptions['ask'];
  readonly #memory: HostedWalletOptions['memory'];
  readonly #now: () => number;
  readonly #listeners = new Set<StandardEventsListeners['change']>();
  #account: ReadonlyWalletAccount | null = null;

  constructor(options: HostedWalletOptions) {
    super(options.provider, options.chain);
    this.#ask = options.ask;
    this.#memory = options.memory;
    this.#now = options.now;
  }

  /** The account this site was given, once connected on this page (a silent connect reads what was remembered). */
  get accounts(): readonly WalletAccount[] {
    return this.#account ? [this.#account] : [];
  }

  protected featureMethods() {
    return this.#methods;
  }

  #show(remembered: AccountAnswer | null) {
    const same = this.#account?.address === remembered?.address;
    if (same) return;
    this.#account = remembered ? this.walletAccount(remembered.address, fromBase64(remembered.publicKey)) : null;
    for (const listener of this.#listeners) listener({ accounts: this.accounts });
  }

  /** The site is no longer connected at the wallet (revoked, or signed out there): forget its account. */
  #forget() {
    this.#memory.forget(this.provider);
    this.#show(null);
  }

  /**
   * One request through the window; a refusal that says the site is disconnected forgets the
   * account. An answer says when the session it was served in ends: renewed at the wallet
   * ("Stay signed in"), the account remembered here lasts as long, so that a silent connect
   * after the first end still answers it.
   */
  async #request(request: WalletWindowRequest): Promise<unknown> {
    try {
      const { value, sessionEnds } = await this.#ask(request);
      const kept = this.#memory.read(this.provider);
      if (sessionEnds !== undefined && kept && kept.address === this.#account?.address && sessionEnds > kept.sessionEnds) {
        this.#memory.remember(this.provider, { ...kept, sessionEnds });
      }
      return value;
    } catch (error) {
      if (error instanceof WalletRefusal && error.disconnected) this.#forget();
      throw error;
    }
  }

  /** The connected account's address, or refused: a request names only the account this site was given. */
  #connected(address: string): string {
    if (!this.#account || this.#account.address !== address) throw new Error(NOT_CONNECTED);
    return address;
  }

  async #transaction(input: SuiSignTransactionInput, kind: 'signTransaction' | 'signAndExecuteTransaction') {
    input.signal?.throwIfAborted();
    const address = this.#connected(input.account.address);
    const transaction = await input.transaction.toJSON();
    return this.#request({ kind, provider: this.provider, address, chain: input.chain, transaction });
  }

  /** What each feature does, in one private object that featureMethods hands to `features` whole. */
  readonly #methods: Methods = {
    connect: async (input) => {
      if (input?.silent) {
        // What the site was given, while the session it was given in lasts: after its end, none.
        // Given on another network than the site's now, it is not this site's account here
        // (the wallet would refuse its every request): none, and it stays for that network.
        const remembered = this.#memory.read(this.provider);
        if (remembered && remembered.sessionEnds <= this.#now()) this.#forget();
        else this.#show(remembered?.chain === this.chain ? remembered : null);
        return { accounts: this.accounts };
      }
      const account = read(
        AccountAnswerSchema,
        await this.#request({ kind: 'connect', provider: this.provider, chain: this.chain }),
      );
      this.#show(account);
      this.#memory.remember(this.provider, { ...account, chain: this.chain });
      return { accounts: this.accounts };
    },

    disconnect: async () => {
      this.#forget();
    },

    on: (event, listener) => {
      if (event !== 'change') return () => {};
      this.#listeners.add(listener);
      return () => this.#listeners.delete(listener);
    },

    signPersonalMessage: async (input) => {
      const address = this.#connected(input.account.address);
      const answer = await this.#request({
        kind: 'signPersonalMessage',
        provider: this.provider,
        address,
        chain: input.chain ?? this.chain,
        message: toBase64(input.message),
      });
      return read(Signed, answer);
    },

    signTransaction: async (input) => read(Signed, await this.#transaction(input, 'signTransaction')),

    signAndExecuteTransaction: async (input) => read(Executed, await this.#transaction(input, 'signAndExecuteTransaction')),

    /** `enoki:getSession`: asked in the wallet's window, where the visitor may share it or not. */
    getSession: async (input) => {
      this.refuseOtherNetwork(input?.network);
      if (!this.#account) return null;
      return read(
        Session,
        await this.#request({ kind: 'getSession', provider: this.provider, address: this.#account.address, chain: this.chain }),
      );
    },
  };
}
