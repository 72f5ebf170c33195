/**
 * The account's own node work, as operations like the sign-in's: the balance, test SUI,
 * the node's verdict on a signature, and a transfer signed with the zkLogin signer.
 */
import type { OperationArgs } from '../../core/operations.ts';
import type { BalanceOutput, Verification } from '../../core/sign-in.types.ts';
import type { TransferReceipt, TransferRequest } from '../../core/transfer.ts';
import type { ZkLoginAccountSigner } from '../zklogin/zklogin-signature.ts';
import type { SuiNode } from './sui-node.ts';

export interface ChainDependencies {
  node: SuiNode;
  /** The zkLogin signer of the stored session (refused with the catalogue's messages). */
  signer: () => Promise<ZkLoginAccountSigner>;
}

export function createChainOperations({ node, signer }: ChainDependencies) {
  return {
    loadBalance: async ({ input, signal }: OperationArgs<{ address: string }>): Promise<BalanceOutput> => ({
      balance: await (await node.reads()).getBalance(input.address, signal),
    }),

    requestTestSui: async ({ input }: OperationArgs<{ address: string }>): Promise<string> =>
      (await node.reads()).requestTestSui(input.address),

    verifySignature: async ({
      input,
    }: OperationArgs<{ message: string; signature: string; address: string }>): Promise<Verification> =>
      (await node.reads()).verifyPersonalMessage(input),

    sendSui: async ({ input }: OperationArgs<TransferRequest>): Promise<TransferReceipt> => {
      const [zkSigner, client] = await Promise.all([signer(), node.transactions()]);
      const receipt = await client.transfer({ ...input, sender: zkSigner.toSuiAddress(), signer: zkSigner });
      return { ...input, ...receipt };
    },
  };
}
