/**
 * A dApp's requests through the wallets, as operations: the dry run of its transaction for
 * the visitor's dialog, and, once the visitor approved, the signature (a personal message,
 * or a transaction as the dry run built it, executed when asked) or the session read. The
 * machine has checked that each is for this account before it gets here.
 */
import { fromBase64 } from '@mysten/utils';
import type { SignInOperations } from '../core/operations.ts';
import type { WalletConnectOutput, WalletSessionOutput } from '../core/sign-in.types.ts';
import type { ZkLoginAccountSigner } from '../zklogin/zklogin-signature.ts';
import type { SuiNode } from './sui-node.ts';

/** Ours: the account stored now is not the one the visitor approved the request for. */
export const ACCOUNT_CHANGED =
  'The account changed before the request was signed (another window signed in), so nothing was signed.';

export interface WalletDependencies {
  node: SuiNode;
  /** The zkLogin signer of the stored session (refused with the catalogue's messages). */
  signer: () => Promise<ZkLoginAccountSigner>;
  /** The stored session of `address`, for a dApp's `enoki:getSession` (wallet-session.ts). */
  walletSession: (address: string) => Promise<WalletSessionOutput>;
  /** The account a site connects to, as storage holds it (wallet-session.ts). */
  walletAccount: (address: string) => Promise<WalletConnectOutput>;
}

export function createWalletOperations({
  node,
  signer,
  walletSession,
  walletAccount,
}: WalletDependencies): Pick<SignInOperations, 'previewTransaction' | 'walletRequest'> {
  return {
    /** A dApp's transaction, dry-run for the visitor's dialog. */
    previewTransaction: async ({ input }) => {
      if (!('transaction' in input)) throw new Error('Only a transaction has a dry run.');
      return (await node.transactions()).previewTransaction({ json: input.transaction, sender: input.address });
    },

    /** A request the visitor approved (a session read needs no approval: nothing is signed). */
    walletRequest: async ({ input }) => {
      if (input.kind === 'getSession') return walletSession(input.address);
      if (input.kind === 'connect') return walletAccount(input.address);
      const zkSigner = await signer();
      // The stored session is read afresh: another window of the wallet may have signed in
      // with another account meanwhile. Only the account the visitor approved for signs.
      if (zkSigner.toSuiAddress() !== input.address) throw new Error(ACCOUNT_CHANGED);
      if (input.kind === 'signPersonalMessage') {
        const { bytes, signature } = await zkSigner.signPersonalMessage(fromBase64(input.message));
        return { bytes, signature };
      }
      return (await node.transactions()).signTransaction({
        json: input.transaction,
        built: input.built,
        sender: zkSigner.toSuiAddress(),
        signer: zkSigner,
        execute: input.kind === 'signAndExecuteTransaction',
      });
    },
  };
}
