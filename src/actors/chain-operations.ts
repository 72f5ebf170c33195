/**
 * The node work of signInMachine's account states, as operations like the sign-in's own:
 * the balance, test SUI, the node's verdict on a signature, and a transfer signed with
 * the zkLogin signer. The node client (and Sui's transaction code) is loaded when first
 * asked, never on the first page.
 */
import type { Signer } from '@mysten/sui/cryptography';
import { fromBase64 } from '@mysten/utils';
import type { BalanceOutput, Verification, WalletRequest, WalletSignOutput } from '../../machines/sign-in.types.ts';
import type { TransferReceipt, TransferRequest } from '../../machines/transfer.ts';
import type { AppConfig } from '../config.ts';
import { lazyModule } from '../lazy-module.ts';

const nodeModule = lazyModule(() => import('../sui/node-client.ts'));
type SuiNodeClient = ReturnType<Awaited<ReturnType<typeof nodeModule.load>>['createSuiNodeClient']>;

interface Args<I> {
  input: I;
  signal: AbortSignal;
}

export interface ChainDependencies {
  config: AppConfig;
  /** The zkLogin signer of the stored session (refused with the catalogue's messages). */
  signer: () => Promise<Signer & { toSuiAddress(): string }>;
}

/**
 * Resolves once the page has painted what it shows now. The balance is asked for as the
 * account appears (also on a restore); the node client is a large chunk whose evaluation,
 * started at once, landed before the account's first paint and delayed it.
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') return void setTimeout(resolve, 0);
    // The frame callback runs before the paint; the task after it, after.
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

export function createChainOperations({ config, signer }: ChainDependencies) {
  let client: SuiNodeClient | undefined;
  const loadNodeModule = async () => {
    const loaded = nodeModule.get();
    if (loaded) return loaded;
    await afterNextPaint();
    return nodeModule.load();
  };
  const node = async () =>
    (client ??= (await loadNodeModule()).createSuiNodeClient({
      graphqlUrl: config.suiGraphqlUrl,
      network: config.network,
      faucetUrl: config.suiFaucetUrl,
    }));

  return {
    loadBalance: async ({ input, signal }: Args<{ address: string }>): Promise<BalanceOutput> => ({
      balance: await (await node()).getBalance(input.address, signal),
    }),

    requestTestSui: async ({ input }: Args<{ address: string }>): Promise<void> => {
      await (await node()).requestTestSui(input.address);
    },

    verifySignature: async ({ input }: Args<{ message: string; signature: string; address: string }>): Promise<Verification> =>
      (await node()).verifyPersonalMessage(input),

    /** A dApp's request through a wallet: the machine has checked it is for this account. */
    walletRequest: async ({ input }: Args<WalletRequest>): Promise<WalletSignOutput> => {
      const zkSigner = await signer();
      if (input.kind === 'signPersonalMessage') {
        const { bytes, signature } = await zkSigner.signPersonalMessage(fromBase64(input.message));
        return { bytes, signature };
      }
      return (await node()).signTransaction({
        json: input.transaction,
        sender: zkSigner.toSuiAddress(),
        signer: zkSigner,
        execute: input.kind === 'signAndExecuteTransaction',
      });
    },

    sendSui: async ({ input }: Args<TransferRequest>): Promise<TransferReceipt> => {
      const [zkSigner, client] = await Promise.all([signer(), node()]);
      const digest = await client.transfer({ ...input, sender: zkSigner.toSuiAddress(), signer: zkSigner });
      return { ...input, digest };
    },
  };
}
