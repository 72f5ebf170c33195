/**
 * What the account page asks the Sui node on its own: the balance (as the account appears,
 * also on a restore) and the node's verdict on a signed message; and test SUI from the
 * faucet (@mysten/sui's requestSuiFromFaucetV2).
 *
 * The two node reads are written here by hand, one POST each with the schema's own
 * fields (the mock node validates every query against the official schema). Why not
 * SuiGraphQLClient: constructing it wires its whole core API (objects, transactions, MVR),
 * 55 KB gzip, and a visitor who never sends a transaction should not load it. The
 * transaction work stays on SuiGraphQLClient (node-client.ts), loaded when first asked.
 * No client-protocol-version header: it names the on-chain types a client can decode,
 * and these reads decode none (a decimal string and a boolean).
 */
import { FaucetRateLimitError, requestSuiFromFaucetV2 } from '@mysten/sui/faucet';
import { toBase64 } from '@mysten/utils';
import type { Verification } from '../core/sign-in.types.ts';
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

/** fetch with the node's deadline, on top of the caller's own signal. */
export function timedFetch(timeoutMs: number): typeof fetch {
  return (input, init) =>
    fetch(input, {
      ...init,
      signal: init?.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
    });
}

/** Runs one request to the node; any failure comes back as a NodeError fit to show. */
export function askingNode(graphqlUrl: string) {
  const host = new URL(graphqlUrl).host;
  return async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw nodeErrorOf(error, { host, what });
    }
  };
}

interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: { message: string }[];
}

const BALANCE = `query getBalance($owner: SuiAddress!) {
  address(address: $owner) { balance(coinType: "0x2::sui::SUI") { totalBalance } }
}`;

/** The schema's `verifySignature`: unlike the core API's boolean, a refusal carries the node's reason. */
const VERIFY_SIGNATURE = `query verifySignature($message: Base64!, $signature: Base64!, $author: SuiAddress!) {
  verifySignature(message: $message, signature: $signature, intentScope: PERSONAL_MESSAGE, author: $author) { success }
}`;

export function createNodeReads(options: SuiNodeOptions) {
  const send = timedFetch(options.timeoutMs ?? NODE_TIMEOUT_MS);
  const asked = askingNode(options.graphqlUrl);

  /** One GraphQL request; the HTTP failure reads as SuiGraphQLClient's does (nodeErrorOf knows it). */
  async function query<T>(source: string, variables: Record<string, unknown>, signal?: AbortSignal) {
    const response = await send(options.graphqlUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: source, variables }),
      signal,
    });
    if (!response.ok) throw new Error(`GraphQL request failed: ${response.statusText} (${response.status})`);
    return (await response.json()) as GraphQLAnswer<T>;
  }

  return {
    /** The address's SUI balance, in MIST, as a decimal string. */
    getBalance: (owner: string, signal?: AbortSignal): Promise<string> =>
      asked('read your balance', async () => {
        type Data = { address?: { balance?: { totalBalance?: string | null } | null } | null };
        const { data, errors } = await query<Data>(BALANCE, { owner }, signal);
        if (errors?.length) throw new Error(errors.map((error) => error.message).join(' '));
        const balance = data?.address?.balance;
        // As the SDK's core API: no balance object is an answer we cannot read; no total is none.
        if (!balance) throw new Error('Missing response data');
        return balance.totalBalance ?? '0';
      }),

    /** The node's verdict on a zkLogin signature over a personal message. */
    async verifyPersonalMessage(input: { message: string; signature: string; address: string }): Promise<Verification> {
      type Data = { verifySignature?: { success?: boolean | null } | null };
      const { data, errors } = await asked('verify the signature', () =>
        query<Data>(VERIFY_SIGNATURE, {
          message: toBase64(new TextEncoder().encode(input.message)),
          signature: input.signature,
          author: input.address,
        }),
      );
      if (data?.verifySignature?.success === true) return { status: 'verified' };
      const reason = errors?.map((error) => error.message).join(' ');
      return { status: 'refused', reason: reason || 'The Sui node did not accept the signature.' };
    },

    /** Test SUI from the faucet (testnet and devnet): how much it sent, in MIST, as it says. */
    async requestTestSui(recipient: string): Promise<string> {
      if (!options.faucetUrl) throw new NodeError(`There is no faucet on ${options.network}.`);
      try {
        const { coins_sent } = await requestSuiFromFaucetV2({ host: options.faucetUrl, recipient });
        return (coins_sent ?? []).reduce((total, coin) => total + BigInt(coin.amount), 0n).toString();
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
  };
}

export type NodeReads = ReturnType<typeof createNodeReads>;
