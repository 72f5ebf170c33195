/**
 * A dApp's backend learns who signed in from a personal message the account signed (a
 * login challenge with a nonce the backend chose): the Sui node checks the zkLogin
 * signature (`verifyPersonalMessageSignature` with a GraphQL client asks the node's
 * `verifyZkLoginSignature`: the proof, the ephemeral key's signature, the epoch), and the
 * address it gives is the account's. Nothing about the provider is needed.
 *
 *   npx tsx examples/backend/verify-signed-message.ts <message> <signature> <graphql url> <network>
 */
import { SuiGraphQLClient } from '@mysten/sui/graphql';
import { verifyPersonalMessageSignature } from '@mysten/sui/verify';

/** The Sui address that signed `message`, once the node has verified the signature; else it throws why. */
export async function whoSignedInByMessage(input: {
  message: string;
  signature: string;
  graphqlUrl: string;
  network: 'mainnet' | 'testnet' | 'devnet';
}): Promise<string> {
  const client = new SuiGraphQLClient({ url: input.graphqlUrl, network: input.network });
  const publicKey = await verifyPersonalMessageSignature(new TextEncoder().encode(input.message), input.signature, {
    client,
  });
  return publicKey.toSuiAddress();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [message, signature, graphqlUrl, network] = process.argv.slice(2);
  console.log(
    await whoSignedInByMessage({
      message: message!,
      signature: signature!,
      graphqlUrl: graphqlUrl!,
      network: (network ?? 'testnet') as 'testnet',
    }),
  );
}
