/**
 * The names of the key vault's entries (the vault itself is the database that keys.ts
 * names). Apart from keys.ts, which the boot reads on the first page: only the sign-in
 * code uses these, and it loads later (keeping them there took 48 bytes of gzip off the
 * first page: `npm run bundle-report`).
 */

/** Names of the entries in the key vault. */
export const VAULT_ENTRIES = {
  /** The HKDF master key that session encryption keys are derived from. */
  sessionKey: 'session-key',
} as const;

/**
 * The vault entry of one flow's native (WebCrypto) ephemeral key. One entry per flow, so
 * that a sign-in started in another tab never replaces this tab's key.
 */
export const nativeKeyEntry = (id: string) => `ephemeral-key/${id}`;
