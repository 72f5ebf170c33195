/**
 * A dApp's backend learns who signed in from a personal message the account signed: a
 * login challenge the backend issued (with a nonce it chose). The backend keeps each
 * challenge it hands out, takes back only that exact text, and consumes it once verified
 * (or expired): a signature over any other text, an older challenge included, proves
 * nothing about this sign-in. Then the Sui node checks the zkLogin signature
 * (`verifyPersonalMessageSignature` with a GraphQL client asks the node's
 * `verifyZkLoginSignature`: the proof, the ephemeral key's signature, the epoch), and the
 * address it gives is the account's. Nothing about the provider is needed.
 *
 *   bash scripts/node.sh examples/backend/verify-signed-message.ts <challenge> <message> <signature> <graphql url> [network]
 *
 * It prints the address, or why the message was refused (and exits with 1).
 */
import { pathToFileURL } from 'node:url';
import { SuiGraphQLClient } from '@mysten/sui/graphql';
import { verifyPersonalMessageSignature } from '@mysten/sui/verify';

export const NOT_THE_CHALLENGE = 'The signed message is not the challenge this backend issued.';

/**
 * The Sui address that signed `message`, once `message` is exactly the `challenge` this
 * backend issued and the node has verified the signature over it; else it throws why. The
 * caller consumes the challenge (whatever the outcome), so that it is never taken twice.
 */
export async function whoSignedInByMessage(input: {
  /** The text the dApp says was signed. */
  message: string;
  signature: string;
  /** The challenge this backend issued for this sign-in, not yet consumed. */
  challenge: string;
  graphqlUrl: string;
  network: 'mainnet' | 'testnet' | 'devnet';
}): Promise<string> {
  if (input.message !== input.challenge) throw new Error(NOT_THE_CHALLENGE);
  const client = new SuiGraphQLClient({ url: input.graphqlUrl, network: input.network });
  const publicKey = await verifyPersonalMessageSignature(new TextEncoder().encode(input.challenge), input.signature, {
    client,
  });
  return publicKey.toSuiAddress();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [challenge, message, signature, graphqlUrl, network] = process.argv.slice(2);
  try {
    console.log(
      await whoSignedInByMessage({
        challenge: challenge!,
        message: message!,
        signature: signature!,
        graphqlUrl: graphqlUrl!,
        network: (network ?? 'testnet') as 'testnet',
      }),
    );
  } catch (error) {
    console.error(`Refused: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
