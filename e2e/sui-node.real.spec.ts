/**
 * Real mode's requests to the Sui node and the faucet. The real endpoints cannot be
 * reached from here, so this checks what the app would send them: every GraphQL request
 * goes to VITE_SUI_GRAPHQL_URL exactly, and is valid against the official schema that
 * @mysten/sui ships (the document, and its variables); the faucet gets the v2 request.
 */
import { getVariableValues, parse, validate, type OperationDefinitionNode } from 'graphql';
import { suiSchema } from '../mocks/sui-node/schema.ts';
import { createProof, expect, MOCK_SERVER, signIn, test } from './fixtures.ts';

const GRAPHQL_URL = `${MOCK_SERVER}/sui/graphql`;

test('real mode: the GraphQL requests go to VITE_SUI_GRAPHQL_URL and hold to the official schema; the faucet gets a v2 request', async ({
  page,
}) => {
  const graphql: { url: string; method: string; contentType: string | undefined; body: string }[] = [];
  const faucet: { url: string; body: string }[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/sui/graphql') || request.url().endsWith('/graphql')) {
      graphql.push({
        url: request.url(),
        method: request.method(),
        contentType: request.headers()['content-type'],
        body: request.postData() ?? '',
      });
    }
    if (request.url().includes('/v2/gas')) faucet.push({ url: request.url(), body: request.postData() ?? '' });
  });

  const { login } = await signIn(page, 'google', 'Alice');
  const panel = page.getByRole('region', { name: /Your address on Sui/ });
  await expect(panel.getByTestId('balance')).toBeVisible();
  await panel.getByRole('button', { name: 'Get test SUI' }).click();
  await expect(panel.getByRole('button', { name: 'Get test SUI' })).toBeEnabled();
  await createProof(page);
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(page.getByText('Verified by the Sui node')).toBeVisible();
  await panel.getByLabel('Recipient address').fill(`0x${'c0'.repeat(32)}`);
  await panel.getByLabel('Amount (SUI)').fill('0.1');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByTestId('digest')).toBeVisible();

  // The faucet: the SDK's v2 request, at the faucet host's origin.
  expect(faucet).toHaveLength(1);
  expect(faucet[0]!.url).toBe(`${MOCK_SERVER}/v2/gas`);
  expect(JSON.parse(faucet[0]!.body)).toEqual({ FixedAmountRequest: { recipient: login.address } });

  // The node: every request at the configured URL, each one valid for the official schema.
  const schema = suiSchema();
  const operations = new Set<string>();
  expect(graphql.length).toBeGreaterThanOrEqual(6);
  for (const request of graphql) {
    expect(request.url).toBe(GRAPHQL_URL);
    expect(request.method).toBe('POST');
    expect(request.contentType).toContain('application/json');
    const { query, variables } = JSON.parse(request.body) as { query: string; variables?: Record<string, unknown> };
    const document = parse(query);
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
    const operation = document.definitions.find(
      (definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition',
    )!;
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
    expect('errors' in coerced ? coerced.errors?.map((error) => error.message) : []).toEqual([]);
    operations.add(operation.name?.value ?? operation.operation);
  }
  // What the journey needed from the node, by operation.
  expect([...operations].sort()).toEqual(
    expect.arrayContaining(['executeTransaction', 'getBalance', 'resolveTransaction', 'verifySignature']),
  );
});
