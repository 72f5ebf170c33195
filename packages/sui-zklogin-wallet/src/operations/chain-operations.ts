/**
 * The account's own node work, as operations like the sign-in's: the balance, test SUI,
 * the node's verdict on a signature, and a transfer signed with the zkLogin signer.
 */
import type { SignInOperations } from '../core/operations.ts';
import type { ZkLoginAccountSigner } from '../zklogin/zklogin-signature.ts';
import type { SuiNode } from './sui-node.ts';

export interface ChainDependencies {
  node: SuiNode;
  /** The zkLogin signer of the stored session (refused with the catalogue's messages). */
  signer: () => Promise<ZkLoginAccountSigner>;
}

export function createChainOperations({
  node,
  signer,
}: ChainDependencies): Pick<SignInOperations, 'loadBalance' | 'requestTestSui' | 'verifySignature' | 'sendSui'> {
  return {
    loadBalance: async ({ input, signal }) => ({
      balance: await (await node.reads()).getBalance(input.address, signal),
    }),

    requestTestSui: async ({ input }) => (await node.reads()).requestTestSui(input.address),

    verifySignature: async ({ input }) => (await node.reads()).verifyPersonalMessage(input),

    sendSui: async ({ input, signal }) => {
      const [zkSigner, client] = await Promise.all([signer(), node.transactions()]);
      const receipt = await client.transfer({ ...input, sender: zkSigner.toSuiAddress(), signer: zkSigner, signal });
      return { ...input, ...receipt };
    },
  };
}
