/**
 * A dApp's backend learns who signed in from a personal message the account signed: a
 * login challenge the backend issued (with a nonce it chose). The backend keeps each
 * challenge it hands out, takes back only that exact text, and consumes it once verified
 * (or expired): a signature over any other text, an older challenge included, proves
 * nothing about this sign-in. Then it verifies the zkLogin signature itself, with no node:
 * `verifyZkLoginSignature` from `sui-zklogin-wallet/verify` checks the Groth16 proof
 * against the issuer's published key (fetched once and kept), the address, `maxEpoch`
 * against the current epoch, and the ephemeral key's signature over the challenge.
 *
 * The current epoch is the one thing the backend must learn from the network. It changes
 * once a day on mainnet and testnet, and never before its scheduled end (the epoch's start
 * plus the epoch's duration), so `epochClock` reads it from a full node once per epoch and
 * keeps it until then: verifying asks no node.
 *
 *   bash scripts/node.sh examples/backend/verify-signed-message.ts <challenge> <message> <signature> <current epoch> \
 *     [--issuer <iss>]... [--verifying-key prod|test|built-in]
 *
 * It prints the address, or why the message was refused (and exits with 1). Without
 * --issuer, the keys of Google, Facebook and Twitch are fetched; the built-in mode's mock
 * provider is an issuer of its own (`<app>/__mock/idp/<provider>`), with its own
 * verifying key (--verifying-key built-in).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { SuiGraphQLClient } from '@mysten/sui/graphql';
// In a backend of your own: from 'sui-zklogin-wallet/verify'.
import {
  BUILT_IN_VERIFYING_KEY,
  issuerKeys,
  PROVIDER_ISSUERS,
  verifyZkLoginSignature,
  type VerifyingKey,
} from '../../packages/sui-zklogin-wallet/src/verify.ts';

export const NOT_THE_CHALLENGE = 'The signed message is not the challenge this backend issued.';

/** Each list of trusted issuers' keys, fetched once and kept for the process. */
const keptKeys = new Map<string, ReturnType<typeof issuerKeys>>();
const keysOf = (issuers: readonly string[]) => {
  const key = JSON.stringify(issuers);
  let keys = keptKeys.get(key);
  if (!keys) keptKeys.set(key, (keys = issuerKeys({ issuers })));
  return keys;
};

/**
 * The Sui address that signed `message`, once `message` is exactly the `challenge` this
 * backend issued and the zkLogin signature over it verifies; else it throws why (a
 * refusal's `code` says what failed). The caller consumes the challenge (whatever the
 * outcome), so that it is never taken twice.
 */
export async function whoSignedInByMessage(input: {
  /** The text the dApp says was signed. */
  message: string;
  signature: string;
  /** The challenge this backend issued for this sign-in, not yet consumed. */
  challenge: string;
  /** The network's current epoch (epochClock). */
  currentEpoch: number | bigint;
  /** The issuers whose signers this backend accepts; Google's, Facebook's and Twitch's by default. */
  issuers?: readonly string[];
  /** 'prod' on mainnet and testnet (the default), 'test' on devnet; a test login service's own key. */
  verifyingKey?: 'prod' | 'test' | VerifyingKey;
}): Promise<string> {
  if (input.message !== input.challenge) throw new Error(NOT_THE_CHALLENGE);
  const { address } = await verifyZkLoginSignature({
    signature: input.signature,
    personalMessage: new TextEncoder().encode(input.challenge),
    currentEpoch: input.currentEpoch,
    jwks: keysOf(input.issuers ?? PROVIDER_ISSUERS),
    verifyingKey: input.verifyingKey,
  });
  return address;
}

/**
 * The network's current epoch, read from a full node (`graphqlUrl`) when first asked and
 * again only once the epoch's scheduled end has passed: an epoch never ends before its
 * start plus its duration. Past that end the node is asked again at most every `retryMs`
 * until it reports the next epoch (a change can come a little late).
 */
export function epochClock(
  graphqlUrl: string,
  {
    network = 'testnet',
    now = () => Date.now(),
    retryMs = 10_000,
  }: { network?: string; now?: () => number; retryMs?: number } = {},
): () => Promise<bigint> {
  const client = new SuiGraphQLClient({ url: graphqlUrl, network });
  let kept: { epoch: bigint; until: number } | undefined;
  return async () => {
    if (kept && now() < kept.until) return kept.epoch;
    const { systemState } = await client.core.getCurrentSystemState();
    if (systemState.epoch === null) throw new Error(`${graphqlUrl} gave no current epoch`);
    const epoch = BigInt(systemState.epoch);
    const scheduledEnd = Number(systemState.epochStartTimestampMs) + Number(systemState.parameters.epochDurationMs);
    kept = { epoch, until: Number.isFinite(scheduledEnd) && scheduledEnd > now() ? scheduledEnd : now() + retryMs };
    return epoch;
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { issuer: { type: 'string', multiple: true }, 'verifying-key': { type: 'string', default: 'prod' } },
  });
  const [challenge, message, signature, currentEpoch] = positionals;
  const key = values['verifying-key'];
  try {
    if (!challenge || message === undefined || !signature || !/^[0-9]+$/.test(currentEpoch ?? '')) {
      throw new Error(
        'usage: <challenge> <message> <signature> <current epoch> [--issuer <iss>]... [--verifying-key prod|test|built-in]',
      );
    }
    if (key !== 'prod' && key !== 'test' && key !== 'built-in') throw new Error(`--verifying-key ${key}: prod, test or built-in`);
    console.log(
      await whoSignedInByMessage({
        challenge,
        message,
        signature,
        currentEpoch: BigInt(currentEpoch!),
        issuers: values.issuer,
        verifyingKey: key === 'built-in' ? BUILT_IN_VERIFYING_KEY : key,
      }),
    );
  } catch (error) {
    console.error(`Refused: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
