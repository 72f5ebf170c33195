/**
 * The app's side of the Sui node and the faucet, over @mysten/sui's own clients:
 * SuiGraphQLClient for the node, requestSuiFromFaucetV2 for the faucet. Every answer
 * comes back as plain data, every failure as a NodeError with a message fit to show
 * (the spec's catalogue names none for the node). Loaded on demand: none of this is on
 * the first page.
 */
import type { Signer } from '@mysten/sui/cryptography';
import { FaucetRateLimitError, requestSuiFromFaucetV2 } from '@mysten/sui/faucet';
import { SuiGraphQLClient } from '@mysten/sui/graphql';
import { Transaction } from '@mysten/sui/transactions';
import { toBase64 } from '@mysten/sui/utils';
import type { Verification } from '../../machines/sign-in.types.ts';
import type { TransferRequest } from '../../machines/transfer.ts';
import { NodeError, nodeErrorOf } from './node-errors.ts';

/** A node that does not answer within this long is reported, never waited on forever. */
export const NODE_TIMEOUT_MS = 20_000;

export interface SuiNodeOptions {
  graphqlUrl: string;
  network: 'mainnet' | 'testnet' | 'devnet';
  /** The faucet host; null where there is none (mainnet). */
  faucetUrl: string | null;
  timeoutMs?: number;
}

/** The schema's `verifySignature`: unlike the core API's boolean, a refusal carries the node's reason. */
const VERIFY_SIGNATURE = `query verifySignature($message: Base64!, $signature: Base64!, $author: SuiAddress!) {
  verifySignature(message: $message, signature: $signature, intentScope: PERSONAL_MESSAGE, author: $author) { success }
}`;

export function createSuiNodeClient(options: SuiNodeOptions) {
  const timeoutMs = options.timeoutMs ?? NODE_TIMEOUT_MS;
  const timed: typeof fetch = (input, init) =>
    fetch(input, {
      ...init,
      signal: init?.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
    });
  const client = new SuiGraphQLClient({ url: options.graphqlUrl, network: options.network, fetch: timed });
  const host = new URL(options.graphqlUrl).host;
  const asked = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw nodeErrorOf(error, { host, what });
    }
  };

  return {
    client,

    /** The address's SUI balance, in MIST, as a decimal string. */
    getBalance: (owner: string, signal?: AbortSignal): Promise<string> =>
      asked('read your balance', async () => (await client.core.getBalance({ owner, signal })).balance.balance),

    /** Test SUI from the faucet (testnet and devnet). */
    async requestTestSui(recipient: string): Promise<void> {
      if (!options.faucetUrl) throw new NodeError(`There is no faucet on ${options.network}.`);
      try {
        await requestSuiFromFaucetV2({ host: options.faucetUrl, recipient });
      } catch (error) {
        if (error instanceof FaucetRateLimitError) {
          throw new NodeError('The faucet has had too many requests from you. Please wait a while, then try again.');
        }
        const detail = (error as Error)?.message ?? '';
        if (/^Faucet request failed: /.test(detail)) {
          throw new NodeError(`The faucet could not send test SUI: ${detail.replace(/^Faucet request failed: /, '')}`);
        }
        throw nodeErrorOf(error, { host: new URL(options.faucetUrl).host, what: 'get test SUI', service: 'faucet' });
      }
    },

    /** The node's verdict on a zkLogin signature over a personal message. */
    async verifyPersonalMessage(input: { message: string; signature: string; address: string }): Promise<Verification> {
      const result = await asked('verify the signature', () =>
        client.query({
          query: VERIFY_SIGNATURE,
          variables: {
            message: toBase64(new TextEncoder().encode(input.message)),
            signature: input.signature,
            author: input.address,
          },
        }),
      );
      const verified = (result.data as { verifySignature?: { success?: boolean | null } | null } | undefined)?.verifySignature;
      if (verified?.success === true) return { status: 'verified' };
      const reason = result.errors?.map((error) => error.message).join(' ');
      return { status: 'refused', reason: reason || 'The Sui node did not accept the signature.' };
    },

    /**
     * A dApp's transaction, in its JSON form: the sender set if the dApp left it unset,
     * built with the node (gas, object versions), signed, and executed when asked.
     */
    async signTransaction(input: { json: string; sender: string; signer: Signer; execute: boolean }): Promise<SignedTransaction> {
      const tx = Transaction.from(input.json);
      tx.setSenderIfNotSet(input.sender);
      const bytes = await asked('prepare the transaction', () => tx.build({ client }));
      const { signature } = await input.signer.signTransaction(bytes);
      if (!input.execute) return { bytes: toBase64(bytes), signature };
      const result = await asked('execute the transaction', () =>
        client.core.executeTransaction({ transaction: bytes, signatures: [signature], include: { effects: true } }),
      );
      const executed = result.Transaction ?? result.FailedTransaction;
      return {
        bytes: toBase64(bytes),
        signature,
        digest: executed.digest,
        effects: executed.effects.bcs ? toBase64(executed.effects.bcs) : '',
      };
    },

    /** Builds the transfer with the node, signs it, executes it; returns the digest. */
    async transfer(input: TransferRequest & { sender: string; signer: Signer }): Promise<string> {
      const tx = new Transaction();
      tx.setSender(input.sender);
      const [coin] = tx.splitCoins(tx.gas, [BigInt(input.amount)]);
      tx.transferObjects([coin!], input.recipient);
      const bytes = await asked('prepare the transfer', () => tx.build({ client }));
      const { signature } = await input.signer.signTransaction(bytes);
      const result = await asked('send the transfer', () =>
        client.core.executeTransaction({ transaction: bytes, signatures: [signature] }),
      );
      if (result.$kind === 'FailedTransaction') {
        const failed = result.FailedTransaction;
        throw new NodeError(
          `The transfer failed on chain (${failed.digest}): ${failed.status.error?.message ?? 'no reason given'}.`,
        );
      }
      return result.Transaction.digest;
    },
  };
}

export type SuiNodeClient = ReturnType<typeof createSuiNodeClient>;

/** What a wallet hands back for a dApp's transaction (base64 bytes, as the Wallet Standard has them). */
export interface SignedTransaction {
  bytes: string;
  signature: string;
  /** With execution: the digest and the effects (BCS, base64). */
  digest?: string;
  effects?: string;
}
