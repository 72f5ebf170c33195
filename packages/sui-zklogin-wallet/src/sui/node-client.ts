/**
 * The transaction work of the app's side of the Sui node, over @mysten/sui's own client
 * (SuiGraphQLClient, whose Transaction building resolves gas, object versions and the
 * reference gas price): a dApp's transaction, and the account page's transfer. Every
 * failure comes back as a NodeError with a message fit to show (the spec's catalogue names
 * none for the node). Loaded when first asked: the reads the account page makes on its
 * own are node-reads.ts, so a visitor who never sends a transaction never loads this.
 */
import { TransactionError } from '@mysten/sui/client';
import { SuiGraphQLClient } from '@mysten/sui/graphql';
import { Transaction, TransactionDataBuilder } from '@mysten/sui/transactions';
import { fromBase64, normalizeSuiAddress, toBase64 } from '@mysten/sui/utils';
import { messageOf } from '../core/failure.ts';
import type { TransactionPreview } from '../core/sign-in.types.ts';
import { formatSui } from '../core/sui-amount.ts';
import type { TransferRequest } from '../core/transfer.ts';
import { dryRunFailure, previewOf } from './dry-run.ts';
import { mayHaveRun, NodeError, nodeErrorOf } from './node-errors.ts';
import { askingNode, NODE_TIMEOUT_MS, timedFetch, type SuiNodeOptions } from './node-reads.ts';

/** Signs a built transaction's bytes (the zkLogin account's signer, zklogin-signature.ts). */
export interface TransactionSigner {
  signTransaction(bytes: Uint8Array): Promise<{ signature: string }>;
}

/**
 * A dApp's transaction, in its JSON form, as this account's: refused unless its sender is
 * this account (or unset: then set) and its gas owner, if set, is this account.
 */
function ownTransaction(json: string, account: string): Transaction {
  const tx = Transaction.from(json);
  const { sender, gasData } = tx.getData();
  const ours = normalizeSuiAddress(account);
  if ((sender && normalizeSuiAddress(sender) !== ours) || (gasData.owner && normalizeSuiAddress(gasData.owner) !== ours)) {
    throw new NodeError(
      'The transaction names another address as its sender or gas owner, so it was not signed: this account signs only its own transactions.',
    );
  }
  tx.setSenderIfNotSet(account);
  return tx;
}

/**
 * How long a transaction whose execution lost its answer is looked for on chain, by its
 * digest, before the visitor is told its outcome is unknown: the node's index of executed
 * transactions can lag its execution by a few seconds.
 */
export const LOST_ANSWER_LOOKUP_MS = 10_000;
/** The look-up's first pause between two asks; each next one twice as long, up to the last. */
const LOOKUP_PAUSES_MS = { first: 250, last: 2_000 };

export function createSuiNodeClient(options: SuiNodeOptions & { lostAnswerLookupMs?: number }) {
  const fetch = timedFetch(options.timeoutMs ?? NODE_TIMEOUT_MS);
  const client = new SuiGraphQLClient({ url: options.graphqlUrl, network: options.network, fetch });
  const host = new URL(options.graphqlUrl).host;
  const asked = askingNode(options.graphqlUrl);
  const lookupMs = options.lostAnswerLookupMs ?? LOST_ANSWER_LOOKUP_MS;

  /**
   * Looks for `digest` on chain until it is found or the look-up's time is up; `answered`:
   * whether the node answered at all (that it has no such transaction). Our own loop rather
   * than the SDK's waitForTransaction, which hides that, so that "not found" and "could not
   * be looked up" are told apart.
   */
  async function lookUp(digest: string) {
    const deadline = AbortSignal.timeout(lookupMs);
    let answered = false;
    for (let pause = LOOKUP_PAUSES_MS.first; ; pause = Math.min(pause * 2, LOOKUP_PAUSES_MS.last)) {
      try {
        return { found: await client.core.getTransaction({ digest, include: { effects: true }, signal: deadline }), answered };
      } catch (error) {
        if (error instanceof TransactionError) answered = true;
      }
      if (deadline.aborted) return { found: null, answered };
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pause);
        deadline.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
      if (deadline.aborted) return { found: null, answered };
    }
  }

  /**
   * Executes signed bytes. A node that refused them executed nothing; but an answer lost on
   * its way back (mayHaveRun: no answer in time, a dropped connection, a server's HTTP failure,
   * an answer we could not read) says nothing of whether they were executed: the node is asked
   * for them by their digest, and only when they are not found is the visitor told so, with
   * the digest to look for before sending again (a second send would be a second transfer).
   */
  async function execute(bytes: Uint8Array, signature: string, what: string, noun: string) {
    try {
      return await client.core.executeTransaction({ transaction: bytes, signatures: [signature], include: { effects: true } });
    } catch (error) {
      if (!mayHaveRun(error)) throw nodeErrorOf(error, { host, what });
      // No signal of a caller's here: an abort is the request's own deadline (as some browsers report it).
      const cause = (error as { name?: string })?.name === 'AbortError' ? new DOMException('', 'TimeoutError') : error;
      const lost = nodeErrorOf(cause, { host, what, consequence: `so we cannot tell whether the ${noun} went through` });
      const digest = TransactionDataBuilder.getDigestFromBytes(bytes);
      const { found, answered } = await lookUp(digest);
      if (found) return found;
      throw new NodeError(
        `${lost.message} ${answered ? `It was not found on chain within ${lookupMs / 1000} s.` : 'It could not be looked up on chain either.'} Its digest is ${digest}: look for it (or at your balance) before you send it again.`,
        true,
        'SUI_NODE_OUTCOME_UNKNOWN',
      );
    }
  }

  return {
    /**
     * The dry run of a dApp's transaction, for the visitor to see before they approve it:
     * built with the node (gas, object versions), then run by the node without being
     * committed (the schema's `simulateTransaction`). A transaction the node refuses, or
     * whose run fails, is `fails` with the node's reason, as is one that cannot be read or
     * names another sender or gas owner; a node that cannot be asked is `unavailable` with why.
     */
    async previewTransaction(input: { json: string; sender: string }): Promise<TransactionPreview> {
      try {
        const tx = ownTransaction(input.json, input.sender);
        const bytes = await asked('dry-run the transaction', () => tx.build({ client }));
        const result = await asked('dry-run the transaction', () =>
          client.core.simulateTransaction({
            transaction: bytes,
            include: { balanceChanges: true, effects: true, objectTypes: true },
          }),
        );
        const { gasData } = tx.getData();
        if (result.$kind === 'Transaction') {
          const { balanceChanges, effects, objectTypes } = result.Transaction;
          return previewOf({
            bytes,
            account: input.sender,
            gasBudget: gasData.budget?.toString() ?? '0',
            gasPayment: gasData.payment?.map((coin) => coin.objectId) ?? [],
            balanceChanges,
            changedObjects: effects.changedObjects,
            objectTypes,
          });
        }
        const error = result.FailedTransaction.status.error;
        return { status: 'fails', reason: dryRunFailure(error?.message ?? 'no reason given') };
      } catch (error) {
        const unreachable = error instanceof NodeError && error.unreachable;
        return { status: unreachable ? 'unavailable' : 'fails', reason: messageOf(error) };
      }
    },

    /**
     * A dApp's transaction the visitor approved: signed as the dry run built it (`built`),
     * or, when there was no dry run, built now with the node; executed when asked.
     */
    async signTransaction(input: {
      json: string;
      built?: string;
      sender: string;
      signer: TransactionSigner;
      execute: boolean;
    }): Promise<SignedTransaction> {
      // The dry run's bytes were built from this JSON, checked then; without them it is checked and built now.
      const bytes = input.built
        ? fromBase64(input.built)
        : await asked('prepare the transaction', () => ownTransaction(input.json, input.sender).build({ client }));
      const { signature } = await input.signer.signTransaction(bytes);
      if (!input.execute) return { bytes: toBase64(bytes), signature };
      const result = await execute(bytes, signature, 'execute the transaction', 'transaction');
      const executed = result.Transaction ?? result.FailedTransaction;
      return {
        bytes: toBase64(bytes),
        signature,
        digest: executed.digest,
        effects: executed.effects.bcs ? toBase64(executed.effects.bcs) : '',
      };
    },

    /**
     * Builds the transfer with the node, signs it, executes it; returns its digest and the
     * gas it paid (MIST: computation and storage, less the storage rebate), from its effects.
     * `signal` stops it until it is sent.
     */
    async transfer(
      input: TransferRequest & { sender: string; signer: TransactionSigner; signal?: AbortSignal },
    ): Promise<{ digest: string; gasPaid?: string }> {
      const tx = new Transaction();
      tx.setSender(input.sender);
      const [coin] = tx.splitCoins(tx.gas, [BigInt(input.amount)]);
      tx.transferObjects([coin!], input.recipient);
      const bytes = await asked('prepare the transfer', () => tx.build({ client }));
      // Stopped (the visitor signed out) before it left: never signed, never sent. Once sent, it goes on.
      input.signal?.throwIfAborted();
      const { signature } = await input.signer.signTransaction(bytes);
      input.signal?.throwIfAborted();
      const result = await execute(bytes, signature, 'send the transfer', 'transfer');
      if (result.$kind === 'FailedTransaction') {
        const failed = result.FailedTransaction;
        const gas = gasPaidBy(failed.effects);
        const paid =
          gas === undefined
            ? ''
            : gas.startsWith('-')
              ? ' Its gas was covered by its storage rebate.'
              : ` It still paid ${formatSui(gas)} SUI of gas.`;
        throw new NodeError(
          `The transfer failed on chain (${failed.digest}): ${failed.status.error?.message ?? 'no reason given'}.${paid}`,
        );
      }
      const gasPaid = gasPaidBy(result.Transaction.effects);
      return { digest: result.Transaction.digest, ...(gasPaid === undefined ? {} : { gasPaid }) };
    },
  };
}

export type SuiNodeClient = ReturnType<typeof createSuiNodeClient>;

/**
 * What a transaction paid for gas, in MIST: computation and storage, less the storage
 * rebate (negative when the rebate was larger); undefined when the node gave no effects.
 */
export function gasPaidBy(
  effects: { gasUsed: { computationCost: string; storageCost: string; storageRebate: string } } | null | undefined,
): string | undefined {
  if (!effects) return undefined;
  const { computationCost, storageCost, storageRebate } = effects.gasUsed;
  return (BigInt(computationCost) + BigInt(storageCost) - BigInt(storageRebate)).toString();
}

/** What a wallet hands back for a dApp's transaction (base64 bytes, as the Wallet Standard has them). */
export interface SignedTransaction {
  bytes: string;
  signature: string;
  /** With execution: the digest and the effects (BCS, base64). */
  digest?: string;
  effects?: string;
}
