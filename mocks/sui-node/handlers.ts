/**
 * The mock Sui node and faucet as MSW handlers, one module for the dev server, preview,
 * the standalone mock server and Vitest:
 *   POST …/graphql   a GraphQL request, validated against the official schema and run on the ledger
 *   POST …/v2/gas    the faucet's v2 API: `{ "FixedAmountRequest": { "recipient" } }`
 * `requestSuiFromFaucetV2` resolves '/v2/gas' against its host's origin (`new URL('/v2/gas',
 * host)`), so a path in the faucet setting is dropped by the SDK itself: the faucet route
 * therefore matches `/v2/gas` under any prefix, the origin's root included.
 */
import { graphql } from 'graphql';
import { http, HttpResponse } from 'msw';
import { isValidSuiAddress, normalizeSuiAddress } from '@mysten/sui/utils';
import { createLedger, MIST_PER_SUI, randomDigest, type Ledger, type LedgerOptions } from './ledger.ts';
import { BUILT_IN_VERIFYING_KEY } from '../../packages/sui-zklogin-wallet/src/verifying-keys.ts';
import { issuerKeys } from '../../packages/sui-zklogin-wallet/src/issuer-keys.ts';
import { createRoot } from './resolvers.ts';
import type { ZkLoginTrust } from './signatures.ts';
import { suiSchema } from './schema.ts';

/** What one faucet request gives, as the testnet faucet does. */
export const FAUCET_AMOUNT = 1n * MIST_PER_SUI;

export interface SuiNodeOptions extends LedgerOptions {
  /**
   * What a zkLogin proof is checked against: by default, each issuer's keys from its
   * discovery document, and built-in mode's verifying key only.
   */
  zkLogin?: Partial<ZkLoginTrust>;
}

export function createSuiNode(options: SuiNodeOptions = {}) {
  const ledger = createLedger(options);
  const root = createRoot(ledger, {
    // The mock issuers are wherever the mock server runs; a rotated key is fetched at once.
    issuers: options.zkLogin?.issuers ?? issuerKeys({ issuers: 'any', minRefetchMs: 0 }),
    verifyingKeys: options.zkLogin?.verifyingKeys ?? [BUILT_IN_VERIFYING_KEY],
  });
  const handlers = [
    http.post('*/graphql', async ({ request }) => {
      let body: { query?: unknown; variables?: unknown; operationName?: unknown };
      try {
        body = (await request.json()) as typeof body;
      } catch {
        return HttpResponse.json({ errors: [{ message: 'The request body is not JSON.' }] }, { status: 400 });
      }
      if (typeof body?.query !== 'string') {
        return HttpResponse.json({ errors: [{ message: 'The request has no query.' }] }, { status: 400 });
      }
      const result = await graphql({
        schema: suiSchema(),
        source: body.query,
        rootValue: root,
        variableValues: (body.variables as Record<string, unknown> | undefined) ?? {},
        operationName: typeof body.operationName === 'string' ? body.operationName : undefined,
      });
      return HttpResponse.json(result);
    }),
    http.post('*/v2/gas', async ({ request }) => {
      const body = (await request.json().catch(() => null)) as { FixedAmountRequest?: { recipient?: unknown } } | null;
      const recipient = body?.FixedAmountRequest?.recipient;
      if (typeof recipient !== 'string' || !isValidSuiAddress(normalizeSuiAddress(recipient))) {
        return HttpResponse.json(
          { status: { Failure: { internal: 'Invalid recipient address' } }, coins_sent: null },
          { status: 400 },
        );
      }
      const digest = randomDigest();
      const coin = ledger.mint(recipient, FAUCET_AMOUNT, digest);
      return HttpResponse.json({
        status: 'Success',
        coins_sent: [{ amount: Number(coin.balance), id: coin.id, transferTxDigest: digest }],
      });
    }),
  ];
  return { ledger, handlers };
}

export type SuiNode = { ledger: Ledger; handlers: ReturnType<typeof createSuiNode>['handlers'] };
