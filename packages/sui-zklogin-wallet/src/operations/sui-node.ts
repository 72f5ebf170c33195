/**
 * The Sui node as the account's operations reach it (chain-operations.ts and
 * wallet-operations.ts): each part is loaded when first asked, never on the first page.
 * The reads (balance, verdict, faucet) are asked for as the account appears, after its
 * first paint; the node client with Sui's transaction code only for a transaction.
 */
import type { WalletConfig } from '../config.ts';
import { lazyModule } from '../lazy-module.ts';

const readsModule = lazyModule(() => import('../sui/node-reads.ts'));
const transactionsModule = lazyModule(() => import('../sui/node-client.ts'));
type NodeReads = ReturnType<Awaited<ReturnType<typeof readsModule.load>>['createNodeReads']>;
type SuiNodeClient = ReturnType<Awaited<ReturnType<typeof transactionsModule.load>>['createSuiNodeClient']>;

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

export interface SuiNode {
  /** Balance, test SUI and the node's verdict on a signature. */
  reads(): Promise<NodeReads>;
  /** Dry runs, signing and executing transactions. */
  transactions(): Promise<SuiNodeClient>;
}

/** One node for the page: each client is made once, when first asked. */
export function createSuiNode(config: WalletConfig): SuiNode {
  const nodeOptions = { graphqlUrl: config.suiGraphqlUrl, network: config.network, faucetUrl: config.suiFaucetUrl };
  const afterPaint = async <T>(module: { get(): T | undefined; load(): Promise<T> }): Promise<T> => {
    const loaded = module.get();
    if (loaded) return loaded;
    await afterNextPaint();
    return module.load();
  };
  let nodeReads: NodeReads | undefined;
  let client: SuiNodeClient | undefined;
  return {
    reads: async () => (nodeReads ??= (await afterPaint(readsModule)).createNodeReads(nodeOptions)),
    transactions: async () => (client ??= (await transactionsModule.load()).createSuiNodeClient(nodeOptions)),
  };
}
