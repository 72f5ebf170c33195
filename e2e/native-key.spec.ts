import { readStoredData } from './browser-storage.ts';
import { createProof, expect, expectState, readBrowserStorage, signIn, test } from './fixtures.ts';

const DATABASE = '@zklogin-sign-in/enoki_public_built_in_mock';

test('the default ephemeral key is a non-extractable WebCrypto Ed25519 key in IndexedDB; it signs, and sign-out deletes it', async ({
  page,
}) => {
  await signIn(page, 'google', 'Alice');
  const stored = await readStoredData(page);
  const entries = Object.entries(stored.databases[DATABASE]!);
  const keys = entries.filter(([name]) => name.startsWith('keys/ephemeral-key/'));
  expect(keys).toHaveLength(1);
  const [, entry] = keys[0]!;
  const { scheme, privateKey } = entry as { scheme: string; privateKey: Record<string, unknown> };
  expect(scheme).toBe('ED25519');
  expect(privateKey).toEqual({ type: 'private', extractable: false, algorithm: 'Ed25519', exported: 'refused' });
  // No private key travels in the session, sealed or not.
  expect(Object.values(stored.session).join('')).not.toContain('suiprivkey');

  await createProof(page);
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(page.getByTestId('signature')).not.toBeEmpty();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectState(page, 'logged-out');
  const after = await readBrowserStorage(page);
  expect(after.session).toEqual({});
  expect(Object.values(after.databases).flat()).toEqual([]);
});
