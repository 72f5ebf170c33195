/**
 * What every zkLogin wallet is to the Wallet Standard, whoever answers its requests: the
 * embedded wallet (wallet/, over the page's machine) and the hosted client
 * (./hosted/, over the wallet's window). A base class rather than helpers, as the Wallet
 * Standard reads `version`, `name`, `icon`, `chains`, `accounts` and `features` as the wallet
 * object's own getters: both kinds of wallet otherwise wrote each of them out. Each gives
 * only its account and its methods; the identity they are shown with is ./identity.ts's.
 */
import {
  ReadonlyWalletAccount,
  SuiSignAndExecuteTransaction,
  SuiSignPersonalMessage,
  SuiSignTransaction,
  type IdentifierString,
  type StandardConnectMethod,
  type StandardDisconnectMethod,
  type StandardEventsOnMethod,
  type SuiSignAndExecuteTransactionMethod,
  type SuiSignPersonalMessageMethod,
  type SuiSignTransactionMethod,
  type Wallet,
  type WalletAccount,
} from '@mysten/wallet-standard';
import { PROVIDER_LABELS, type Provider } from './core/providers.ts';
import { WALLET_VERSION, walletFeatures, walletIcon, walletName } from './identity.ts';

/** What an account can be asked for: signatures only (connect, events and the session are the wallet's). */
const ACCOUNT_FEATURES = [SuiSignPersonalMessage, SuiSignTransaction, SuiSignAndExecuteTransaction] as const;

/** A wallet's methods behind its features; `enoki:getSession` keeps each wallet's own session type. */
export interface ZkLoginWalletMethods<GetSession> {
  connect: StandardConnectMethod;
  disconnect: StandardDisconnectMethod;
  on: StandardEventsOnMethod;
  signPersonalMessage: SuiSignPersonalMessageMethod;
  signTransaction: SuiSignTransactionMethod;
  signAndExecuteTransaction: SuiSignAndExecuteTransactionMethod;
  getSession: GetSession;
}

export abstract class ZkLoginWalletBase<GetSession> implements Wallet {
  protected readonly provider: Provider;
  /** The one chain this wallet signs on: its account is on that chain only. */
  protected readonly chain: IdentifierString;

  constructor(provider: Provider, chain: IdentifierString) {
    this.provider = provider;
    this.chain = chain;
  }

  get version() {
    return WALLET_VERSION;
  }

  get name() {
    return walletName(this.provider);
  }

  get icon() {
    return walletIcon(this.provider);
  }

  get chains() {
    return [this.chain] as const;
  }

  abstract get accounts(): readonly WalletAccount[];

  get features() {
    return walletFeatures(this.provider, this.featureMethods());
  }

  /**
   * `enoki:getSession` for `network` (none: this wallet's own): its session is for its own
   * chain only, so another network is refused, before anything is asked.
   */
  protected refuseOtherNetwork(network: string | undefined): void {
    const own = this.chain.slice('sui:'.length);
    if (network !== undefined && network !== own) {
      throw new Error(`This wallet's account is on ${own}: it has no session for ${network}.`);
    }
  }

  /** The wallet's own methods, which it keeps private: a dApp reaches them through `features` only. */
  protected abstract featureMethods(): ZkLoginWalletMethods<GetSession>;

  /**
   * A new account object for this wallet's account: the caller keeps it while the account is
   * the same, as dApps compare account objects.
   */
  protected walletAccount(address: string, publicKey: Uint8Array): ReadonlyWalletAccount {
    return new ReadonlyWalletAccount({
      address,
      publicKey,
      chains: [this.chain],
      features: ACCOUNT_FEATURES,
      label: PROVIDER_LABELS[this.provider],
      icon: this.icon,
    });
  }
}
