/**
 * The wallets' public identity, the same in every mode: one wallet per provider, named
 * "Sign in with Google", "Sign in with Facebook" and "Sign in with Twitch", each with the
 * provider's initial on its colour as its icon (a data URI, as the Wallet Standard asks).
 * The embedded wallet (wallet/) and the hosted client read them here.
 */
import { PROVIDER_LABELS, type Provider } from './core/providers.ts';

/** The networks the wallets sign on; a wallet's chain is `sui:<network>`. */
export const NETWORKS = ['mainnet', 'testnet', 'devnet'] as const;
export type Network = (typeof NETWORKS)[number];
export const isNetwork = (value: string): value is Network => (NETWORKS as readonly string[]).includes(value);

/** This wallet's name, exactly: "Sign in with Google", "Sign in with Facebook", "Sign in with Twitch". */
export const walletName = (provider: Provider) => `Sign in with ${PROVIDER_LABELS[provider]}`;

/** The Wallet Standard's version, and each feature's, as the wallets advertise them. */
export const WALLET_VERSION = '1.0.0' as const;
export const FEATURE_VERSIONS = {
  'standard:connect': '1.0.0',
  'standard:disconnect': '1.0.0',
  'standard:events': '1.0.0',
  'sui:signPersonalMessage': '1.1.0',
  'sui:signTransaction': '2.0.0',
  'sui:signAndExecuteTransaction': '2.0.0',
  'enoki:getMetadata': '1.0.0',
  'enoki:getSession': '1.0.0',
} as const;

const COLOURS: Record<Provider, string> = { google: '#4285F4', facebook: '#1877F2', twitch: '#9146FF' };

export function walletIcon(provider: Provider): `data:image/svg+xml;base64,${string}` {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${COLOURS[provider]}"/>` +
    `<text x="16" y="22" font-family="Arial,sans-serif" font-size="17" font-weight="700" fill="#fff" text-anchor="middle">` +
    `${provider[0]!.toUpperCase()}</text></svg>`;
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}

/**
 * A wallet's features, each at its version, over `methods`: the one map both modes' wallets
 * hand dApps. Enoki's own two keep Enoki's shapes (@mysten/enoki's isEnokiWallet and
 * getSession read them); `enoki:getMetadata` (the provider) is the same for every wallet.
 */
export function walletFeatures<Connect, Disconnect, On, SignMessage, SignTransaction, SignAndExecute, GetSession>(
  provider: Provider,
  methods: {
    connect: Connect;
    disconnect: Disconnect;
    on: On;
    signPersonalMessage: SignMessage;
    signTransaction: SignTransaction;
    signAndExecuteTransaction: SignAndExecute;
    getSession: GetSession;
  },
) {
  return {
    'standard:connect': { version: FEATURE_VERSIONS['standard:connect'], connect: methods.connect },
    'standard:disconnect': { version: FEATURE_VERSIONS['standard:disconnect'], disconnect: methods.disconnect },
    'standard:events': { version: FEATURE_VERSIONS['standard:events'], on: methods.on },
    'sui:signPersonalMessage': {
      version: FEATURE_VERSIONS['sui:signPersonalMessage'],
      signPersonalMessage: methods.signPersonalMessage,
    },
    'sui:signTransaction': { version: FEATURE_VERSIONS['sui:signTransaction'], signTransaction: methods.signTransaction },
    'sui:signAndExecuteTransaction': {
      version: FEATURE_VERSIONS['sui:signAndExecuteTransaction'],
      signAndExecuteTransaction: methods.signAndExecuteTransaction,
    },
    'enoki:getMetadata': { version: FEATURE_VERSIONS['enoki:getMetadata'], getMetadata: () => ({ provider }) },
    'enoki:getSession': { version: FEATURE_VERSIONS['enoki:getSession'], getSession: methods.getSession },
  };
}
