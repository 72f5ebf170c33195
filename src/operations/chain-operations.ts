/**
 * The node work of signInMachine's account states, as operations like the sign-in's own:
 * the balance, test SUI, the node's verdict on a signature, and a transfer signed with
 * the zkLogin signer. Each part is loaded when first asked, never on the first page: the
 * reads (balance, verdict, faucet) as the account appears; the node client with Sui's
 * transaction code only for a transaction.
 */
import { fromBase64 } from '@mysten/utils';
import type {
  ApprovedWalletRequest,
  BalanceOutput,
  TransactionPreview,
  Verification,
  WalletOutput,
  WalletRequest,
  WalletSessionOutput,
} from '../../core/sign-in.types.ts';
import type { TransferReceipt, TransferRequest } from '../../core/transfer.ts';
import type { AppConfig } from '../config.ts';
import { lazyModule } from '../lazy-module.ts';
import type { ZkLoginAccountSigner } from '../zklogin/zklogin-signature.ts';
import type { OperationArgs } from '../../core/operations.ts';

const readsModule = lazyModule(() => import('../sui/node-reads.ts'));
const transactionsModule = lazyModule(() => import('../sui/node-client.ts'));
type NodeReads = ReturnType<Awaited<ReturnType<typeof readsModule.load>>['createNodeReads']>;
type SuiNodeClient = ReturnType<Awaited<ReturnType<typeof transactionsModule.load>>['createSuiNodeClient']>;

export interface ChainDependencies {
  config: AppConfig;
  /** The zkLogin signer of the stored session (refused with the catalogue's messages). */
  signer: () => Promise<ZkLoginAccountSigner>;
  /** The stored session of `address`, for a dApp's `enoki:getSession` (wallet-session.ts). */
  walletSession: (address: string) => Promise<WalletSessionOutput>;
}

/**
 * Resolves once the page has painted what it shows now. The balance is asked for as the
 * account appears (also on a restore): the account's first paint goes before any chunk
 * of the node's.
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') return void setTimeout(resolve, 0);
    // The frame callback runs before the paint; the task after it, after.
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

export function createChainOperations({ config, signer, walletSession }: ChainDependencies) {
  const nodeOptions = { graphqlUrl: config.suiGraphqlUrl, network: config.network, faucetUrl: config.suiFaucetUrl };
  const afterPaint = async <T>(module: { get(): T | undefined; load(): Promise<T> }): Promise<T> => {
    const loaded = module.get();
    if (loaded) return loaded;
    await afterNextPaint();
    return module.load();
  };
  let nodeReads: NodeReads | undefined;
  let client: SuiNodeClient | undefined;
  const reads = async () => (nodeReads ??= (await afterPaint(readsModule)).createNodeReads(nodeOptions));
  const transactions = async () => (client ??= (await transactionsModule.load()).createSuiNodeClient(nodeOptions));

  return {
    loadBalance: async ({ input, signal }: OperationArgs<{ address: string }>): Promise<BalanceOutput> => ({
      balance: await (await reads()).getBalance(input.address, signal),
    }),

    requestTestSui: async ({ input }: OperationArgs<{ address: string }>): Promise<string> => {
      return (await reads()).requestTestSui(input.address);
    },

    verifySignature: async ({
      input,
    }: OperationArgs<{ message: string; signature: string; address: string }>): Promise<Verification> =>
      (await reads()).verifyPersonalMessage(input),

    /** A dApp's transaction, dry-run for the visitor's dialog: the machine has checked it is for this account. */
    previewTransaction: async ({ input }: OperationArgs<WalletRequest>): Promise<TransactionPreview> => {
      if (!('transaction' in input)) throw new Error('Only a transaction has a dry run.');
      return (await transactions()).previewTransaction({ json: input.transaction, sender: input.address });
    },

    /**
     * A dApp's request through a wallet, which the visitor approved (a session read needs no
     * approval: nothing is signed): the machine has checked it is for this account.
     */
    walletRequest: async ({ input }: OperationArgs<ApprovedWalletRequest>): Promise<WalletOutput> => {
      if (input.kind === 'getSession') return walletSession(input.address);
      const zkSigner = await signer();
      if (input.kind === 'signPersonalMessage') {
        const { bytes, signature } = await zkSigner.signPersonalMessage(fromBase64(input.message));
        return { bytes, signature };
      }
      return (await transactions()).signTransaction({
        json: input.transaction,
        built: input.built,
        sender: zkSigner.toSuiAddress(),
        signer: zkSigner,
        execute: input.kind === 'signAndExecuteTransaction',
      });
    },

    sendSui: async ({ input }: OperationArgs<TransferRequest>): Promise<TransferReceipt> => {
      const [zkSigner, client] = await Promise.all([signer(), transactions()]);
      const receipt = await client.transfer({ ...input, sender: zkSigner.toSuiAddress(), signer: zkSigner });
      return { ...input, ...receipt };
    },
  };
}
