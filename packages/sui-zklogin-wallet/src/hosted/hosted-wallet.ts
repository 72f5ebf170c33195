/**
 * One Wallet Standard wallet per provider, on a dApp's page, whose account lives at the
 * wallet's origin (docs/hosted-wallet.md): every interactive request is carried to the
 * wallet's window (../channel/dapp-side.ts), where the visitor signs in, approves or rejects.
 * This page holds only the public account an approved connect gave it (address and public
 * key), remembered on its origin so that a silent connect (dapp-kit's autoconnect) opens
 * nothing; a refusal that says the site is no longer connected forgets it.
 */
import {
  ReadonlyWalletAccount,
  SuiSignAndExecuteTransaction,
  SuiSignPersonalMessage,
  SuiSignTransaction,
  type IdentifierString,
  type StandardConnectInput,
  type StandardConnectOutput,
  type StandardEventsListeners,
  type StandardEventsNames,
  type SuiSignAndExecuteTransactionInput,
  type SuiSignAndExecuteTransactionOutput,
  type SuiSignPersonalMessageInput,
  type SuiSignPersonalMessageOutput,
  type SuiSignTransactionInput,
  type SignedTransaction,
  type Wallet,
  type WalletAccount,
} from '@mysten/wallet-standard';
import * as v from 'valibot';
import { WalletRefusal } from '../channel/dapp-side.ts';
import type { WalletWindowRequest } from '../channel/messages.ts';
import { PROVIDER_LABELS, WALLET_VERSION, walletFeatures, walletIcon, walletName, type Provider } from '../identity.ts';
import { rememberedAccounts, RememberedAccountSchema, type RememberedAccount } from './remembered-accounts.ts';

/** What the window answers each request with, checked before the dApp gets it. */
const AccountAnswer = RememberedAccountSchema;
const Signed = v.object({ bytes: v.string(), signature: v.string() });
const Executed = v.object({ bytes: v.string(), signature: v.string(), digest: v.string(), effects: v.string() });
const Session = v.nullable(v.record(v.string(), v.unknown()));

/** Ours: the window answered with something this client cannot read. */
export const UNREADABLE_ANSWER = "The wallet's answer could not be read.";
/** Ours: a request before any connect, or for an account this wallet did not give. */
export const NOT_CONNECTED = 'This wallet has no account on this site: connect first.';

const ACCOUNT_FEATURES = [SuiSignPersonalMessage, SuiSignTransaction, SuiSignAndExecuteTransaction] as const;

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
  ask: (request: WalletWindowRequest) => Promise<unknown>;
  /** Where the approved public account is remembered on this origin (by wallet origin and provider). */
  memory: ReturnType<typeof rememberedAccounts>;
  /** The time, for a remembered account's session end (Date.now; a test's own clock). */
  now: () => number;
}

export class HostedZkLoginWallet implements Wallet {
  readonly #provider: Provider;
  readonly #chain: IdentifierString;
  readonly #ask: HostedWalletOptions['ask'];
  readonly #memory: HostedWalletOptions['memory'];
  readonly #now: () => number;
  readonly #listeners = new Set<StandardEventsListeners['change']>();
  #account: ReadonlyWalletAccount | null = null;

  constructor(options: HostedWalletOptions) {
    this.#provider = options.provider;
    this.#chain = options.chain;
    this.#ask = options.ask;
    this.#memory = options.memory;
    this.#now = options.now;
  }

  get version() {
    return WALLET_VERSION;
  }

  get name() {
    return walletName(this.#provider);
  }

  get icon() {
    return walletIcon(this.#provider);
  }

  get chains() {
    return [this.#chain] as const;
  }

  /** The account this site was given, once connected on this page (a silent connect reads what was remembered). */
  get accounts(): readonly WalletAccount[] {
    return this.#account ? [this.#account] : [];
  }

  get features() {
    return walletFeatures(this.#provider, {
      connect: this.#connect,
      disconnect: this.#disconnect,
      on: this.#on,
      signPersonalMessage: this.#signPersonalMessage,
      signTransaction: this.#signTransaction,
      signAndExecuteTransaction: this.#signAndExecuteTransaction,
      getSession: this.#getSession,
    });
  }

  #show(remembered: RememberedAccount | null) {
    const same = this.#account?.address === remembered?.address;
    if (same) return;
    this.#account = remembered
      ? new ReadonlyWalletAccount({
          address: remembered.address,
          publicKey: fromBase64(remembered.publicKey),
          chains: [this.#chain],
          features: ACCOUNT_FEATURES,
          label: PROVIDER_LABELS[this.#provider],
          icon: this.icon,
        })
      : null;
    for (const listener of this.#listeners) listener({ accounts: this.accounts });
  }

  /** The site is no longer connected at the wallet (revoked, or signed out there): forget its account. */
  #forget() {
    this.#memory.forget(this.#provider);
    this.#show(null);
  }

  /** One request through the window; a refusal that says the site is disconnected forgets the account. */
  async #request(request: WalletWindowRequest): Promise<unknown> {
    try {
      return await this.#ask(request);
    } catch (error) {
      if (error instanceof WalletRefusal && error.disconnected) this.#forget();
      throw error;
    }
  }

  #connect = async (input?: StandardConnectInput): Promise<StandardConnectOutput> => {
    if (input?.silent) {
      // What the site was given, while the session it was given in lasts: after its end, none.
      const remembered = this.#memory.read(this.#provider);
      if (remembered && remembered.sessionEnds <= this.#now()) this.#forget();
      else this.#show(remembered);
      return { accounts: this.accounts };
    }
    const account = read(AccountAnswer, await this.#request({ kind: 'connect', provider: this.#provider }));
    this.#show(account);
    this.#memory.remember(this.#provider, account);
    return { accounts: this.accounts };
  };

  #disconnect = async (): Promise<void> => {
    this.#forget();
  };

  #on = <E extends StandardEventsNames>(event: E, listener: StandardEventsListeners[E]): (() => void) => {
    if (event !== 'change') return () => {};
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** The connected account's address, or refused: a request names only the account this site was given. */
  #connected(address: string): string {
    if (!this.#account || this.#account.address !== address) throw new Error(NOT_CONNECTED);
    return address;
  }

  #signPersonalMessage = async (input: SuiSignPersonalMessageInput): Promise<SuiSignPersonalMessageOutput> => {
    const address = this.#connected(input.account.address);
    const answer = await this.#request({
      kind: 'signPersonalMessage',
      provider: this.#provider,
      address,
      chain: input.chain ?? this.#chain,
      message: toBase64(input.message),
    });
    return read(Signed, answer);
  };

  async #transaction(input: SuiSignTransactionInput, kind: 'signTransaction' | 'signAndExecuteTransaction') {
    input.signal?.throwIfAborted();
    const address = this.#connected(input.account.address);
    const transaction = await input.transaction.toJSON();
    return this.#request({ kind, provider: this.#provider, address, chain: input.chain, transaction });
  }

  #signTransaction = async (input: SuiSignTransactionInput): Promise<SignedTransaction> =>
    read(Signed, await this.#transaction(input, 'signTransaction'));

  #signAndExecuteTransaction = async (input: SuiSignAndExecuteTransactionInput): Promise<SuiSignAndExecuteTransactionOutput> =>
    read(Executed, await this.#transaction(input, 'signAndExecuteTransaction'));

  /** `enoki:getSession`: asked in the wallet's window, where the visitor may share it or not. */
  #getSession = async (input?: { network?: string }): Promise<Record<string, unknown> | null> => {
    if (!this.#account) return null;
    const chain = input?.network ? (`sui:${input.network}` as const) : this.#chain;
    return read(
      Session,
      await this.#request({ kind: 'getSession', provider: this.#provider, address: this.#account.address, chain }),
    );
  };
}
