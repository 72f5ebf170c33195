import { parseSerializedSignature } from '@mysten/sui/cryptography';
import { publicKeyFromRawBytes } from '@mysten/sui/verify';
import { computeZkLoginAddressFromSeed, parseZkLoginSignature } from '@mysten/sui/zklogin';
import { fromBase64, toBase64 } from '@mysten/sui/utils';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createLoginServiceHandlers } from '../../../../mocks/login-service/handlers.ts';
import { createTestLoginService, TEST_API_KEY, TEST_ISSUER_BASE } from '../../../../mocks/testing.ts';
import { createMemoryVault } from '../storage/key-vault.ts';
import { nativeKeyEntry, storageKeys, VAULT_ENTRIES } from '../storage/keys.ts';
import { createMemoryStore } from '../storage/store.ts';
import { CATALOGUE } from '../core/errors.ts';
import { Secret } from '../core/secret.ts';
import type { WalletAnswer } from '../core/sign-in.types.ts';
import { createDependencies } from './dependencies.ts';
import { operationActors } from '../core/operations.ts';
import { BUILT_IN_VERIFYING_KEY, verifyZkLoginSignature } from '../verify.ts';
import { createSignInOperations, createSignInRuntime } from './sign-in-runtime.ts';
import { preloadSignerCode } from './proof.ts';
import { actorTestHarness, config, readSession, storedValues } from '../../../../test-support/operations-harness.ts';

const service = createTestLoginService();
beforeAll(() => service.server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => service.server.close());
const { browserTab, signIn } = actorTestHarness(service);

describe('the real actors against the mock login service', () => {
  it('signs in, proves, signs a message that parses as a zkLogin signature for the address', async () => {
    const tab = browserTab();
    const { page, jwt, url } = await signIn(tab);
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    const { address } = page.getSnapshot().context;
    expect(address).toMatch(/^0x[0-9a-f]{64}$/);
    // Nothing secret in plain text in storage.
    for (const value of storedValues(tab)) expect(value).not.toContain(jwt);

    page.send({ type: 'user.createProof' });
    await waitFor(page, (s) => s.matches({ account: { session: { ready: 'waiting' } } }));
    page.send({ type: 'user.signMessage', message: 'hello sui' });
    const { context } = await waitFor(page, (s) => s.context.signature !== null);
    const parsed = parseZkLoginSignature(fromBase64(context.signature!).slice(1));
    expect(computeZkLoginAddressFromSeed(BigInt(parsed.inputs.addressSeed), `${TEST_ISSUER_BASE}/google`, false)).toBe(address);
    // The inner signature is the ephemeral key's, over the same message.
    const userSignature = toBase64(parsed.userSignature);
    const inner = parseSerializedSignature(userSignature);
    if (!('publicKey' in inner) || !inner.publicKey) throw new Error('no ephemeral public key in the signature');
    expect(inner.signatureScheme).toBe('ED25519');
    const ephemeral = publicKeyFromRawBytes(inner.signatureScheme, inner.publicKey);
    expect(await ephemeral.verifyPersonalMessage(new TextEncoder().encode('hello sui'), userSignature)).toBe(true);
    expect(await ephemeral.verifyPersonalMessage(new TextEncoder().encode('tampered'), userSignature)).toBe(false);
    // And in full, offline, as a validator checks it: the login service's proof is a real
    // Groth16 proof of these inputs under built-in mode's key, and under no published one.
    const full = {
      signature: context.signature!,
      personalMessage: new TextEncoder().encode('hello sui'),
      currentEpoch: 0,
      jwks: await service.jwks('google'),
      address: address!,
    };
    expect(await verifyZkLoginSignature({ ...full, verifyingKey: BUILT_IN_VERIFYING_KEY })).toEqual({ address });
    await expect(verifyZkLoginSignature({ ...full, verifyingKey: 'prod' })).rejects.toMatchObject({ code: 'proof' });

    // A reload restores ready; sign-out clears everything.
    const reloaded = tab.page();
    await waitFor(reloaded, (s) => s.matches({ account: { session: 'ready' } }));
    reloaded.send({ type: 'user.signOut' });
    await waitFor(reloaded, (s) => s.matches({ 'logged-out': 'done' }));
    expect(storedValues(tab)).toEqual([null, null]);
    expect(await tab.vault.get(VAULT_ENTRIES.sessionKey)).toBeUndefined();
  });

  it("enoki:getSession through the machine: the token as the provider issued it, the nonce's parts, the proof once made; boxed on the way; never another account's, nothing once the session ended", async () => {
    let now = Date.now();
    const tab = browserTab(config(), () => now);
    const { page, jwt } = await signIn(tab);
    let asked = 0;
    const read = (address = page.getSnapshot().context.address!) => {
      const requestId = `session-${++asked}`;
      const answered = new Promise<WalletAnswer>((resolve) => {
        const subscription = page.on('wallet.answer', (answer) => {
          if (answer.requestId !== requestId) return;
          subscription.unsubscribe();
          resolve(answer);
        });
      });
      page.send({
        type: 'wallet.sign',
        request: { kind: 'getSession', requestId, address, chain: page.getSnapshot().context.chain },
      });
      return answered;
    };
    const sessionOf = (answer: WalletAnswer) => {
      if (!answer.ok || !answer.output || !('session' in answer.output))
        throw new Error(`no session read: ${JSON.stringify(answer)}`);
      return answer.output.session?.reveal() ?? null;
    };

    const first = await read();
    // Boxed: what a log or the inspector would print of the answer holds no token.
    expect(JSON.stringify(first)).not.toContain(jwt);
    const { expiresAt } = page.getSnapshot().context;
    expect(sessionOf(first)).toEqual({
      jwt,
      maxEpoch: expect.any(Number),
      randomness: expect.stringMatching(/^\d+$/),
      expiresAt,
    });

    page.send({ type: 'user.createProof' });
    await waitFor(page, (s) => s.matches({ account: { session: { ready: 'waiting' } } }));
    const proven = sessionOf(await read());
    expect(proven?.proof).toMatchObject({ addressSeed: expect.any(String), headerBase64: expect.any(String) });

    // Another account's session is not asked for: the machine refuses it before any read.
    expect(await read(`0x${'ef'.repeat(32)}`)).toMatchObject({ ok: false, refusal: 'notThisAccount' });
    now = expiresAt! + 1;
    expect(sessionOf(await read())).toBeNull();
  });

  it('"Stay signed in" with the real actors: another identity is refused before the login service hears of it, the same one continues with a new key, a proof made meanwhile is kept', async () => {
    const tab = browserTab();
    const { page, jwt } = await signIn(tab);
    const { address } = page.getSnapshot().context;
    page.stop();
    const deps = createDependencies(config(), { store: tab.store, vault: tab.vault });
    const getLogin = vi.spyOn(deps.client, 'getLogin');
    const operations = createSignInOperations(deps);
    const signal = new AbortController().signal;
    const before = await readSession(tab);
    const vaultHas = async (id: string | undefined) => (await tab.vault.get(nativeKeyEntry(id!))) !== undefined;
    const renewAs = async (identity: string) => {
      const { url } = await operations.startSignIn({ input: { provider: 'google', renewal: true }, signal });
      const params = new URL(url).searchParams;
      const token = await service.mint(params.get('nonce')!, {
        provider: 'google',
        identity,
        clientId: params.get('client_id')!,
      });
      await operations.validateCallback({ input: { fragment: new Secret(`#id_token=${token}`) }, signal });
      return {
        params,
        token,
        renewal: (await readSession(tab)).renewal!,
        login: operations.fetchLogin({ input: { jwt: new Secret(token) }, signal }),
      };
    };

    // Another identity: refused on its token's claims, before any lookup; the session as it was, the renewal's key gone.
    const other = await renewAs('bob');
    expect(other.params.get('login_hint')).toBe(JSON.parse(atob(jwt.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).sub);
    expect(await vaultHas(other.renewal.nativeKeyId)).toBe(true);
    await expect(other.login).rejects.toThrow(CATALOGUE.RENEWAL_OTHER_IDENTITY);
    expect(getLogin).not.toHaveBeenCalled();
    expect(await readSession(tab)).toEqual(before);
    expect(await vaultHas(other.renewal.nativeKeyId)).toBe(false);
    expect(await vaultHas(before.nativeKeyId)).toBe(true);

    // A proof made while the renewal starts: both are kept, whichever is written first.
    const [, started] = await Promise.all([
      operations.createProof({ input: undefined, signal }),
      operations.startSignIn({ input: { provider: 'google', renewal: true }, signal }),
    ]);
    const both = await readSession(tab);
    expect(both.proof).toBeDefined();
    expect(both.renewal?.nonce).toBe(new URL(started.url).searchParams.get('nonce'));

    // The same identity: the same address, the renewal's session (its key, no proof), the old key gone.
    const same = await renewAs('alice');
    const renewed = await same.login;
    expect(renewed).toMatchObject({ address, expiresAt: same.renewal.expiresAt });
    const after = await readSession(tab);
    expect(after).toMatchObject({ jwt: same.token, nonce: same.renewal.nonce, nativeKeyId: same.renewal.nativeKeyId });
    expect(after.proof).toBeUndefined();
    expect(after.renewal).toBeUndefined();
    expect(await vaultHas(before.nativeKeyId)).toBe(false);
    expect(await vaultHas(same.renewal.nativeKeyId)).toBe(true);
    // The previous renewal's key (replaced by this one) went when this one started.
    expect(await vaultHas(both.renewal!.nativeKeyId)).toBe(same.renewal.nativeKeyId === both.renewal!.nativeKeyId);
  });

  it('gives each provider and identity its own address, the same one every time', async () => {
    const addresses = new Map<string, string>();
    for (const [provider, identity] of [
      ['google', 'alice'],
      ['google', 'bob'],
      ['twitch', 'alice'],
      ['google', 'alice'],
    ] as const) {
      const { page, url } = await signIn(browserTab(), provider, identity);
      if (provider === 'twitch') expect(url.searchParams.get('force_verify')).toBe('true');
      const address = page.getSnapshot().context.address!;
      const key = `${provider}/${identity}`;
      if (addresses.has(key)) expect(address).toBe(addresses.get(key));
      else expect([...addresses.values()]).not.toContain(address);
      addresses.set(key, address);
    }
  });

  it('by default the ephemeral key is a non-extractable WebCrypto Ed25519 key in the vault: no secret in the session', async () => {
    const tab = browserTab();
    await signIn(tab);
    const session = await readSession(tab);
    expect(session.ephemeralKeyPair).toBe('@@native');
    const stored = await tab.vault.get<{ scheme: string; privateKey: CryptoKey; publicKey: Uint8Array }>(
      nativeKeyEntry(session.nativeKeyId!),
    );
    expect(stored?.scheme).toBe('ED25519');
    expect(stored?.privateKey.algorithm.name).toBe('Ed25519');
    expect(stored?.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('pkcs8', stored!.privateKey)).rejects.toThrow();
    // The public key sent to the login service is the vault key's, in Sui's encoding.
    expect(fromBase64(session.ephemeralPublicKey!)).toEqual(new Uint8Array([0, ...stored!.publicKey]));
  });

  it('a browser whose WebCrypto has no Ed25519 gets a JavaScript Ed25519 key, its secret only in the encrypted session', async () => {
    const generateKey = crypto.subtle.generateKey.bind(crypto.subtle);
    const spy = vi.spyOn(crypto.subtle, 'generateKey').mockImplementation(((algorithm: AlgorithmIdentifier, ...rest: never[]) => {
      if ((typeof algorithm === 'string' ? algorithm : algorithm.name) === 'Ed25519') {
        return Promise.reject(new DOMException('Unrecognized name.', 'NotSupportedError'));
      }
      return (generateKey as (...args: unknown[]) => Promise<unknown>)(algorithm, ...rest);
    }) as typeof crypto.subtle.generateKey);
    try {
      const tab = browserTab();
      const { page, jwt } = await signIn(tab);
      const session = await readSession(tab);
      expect(session.ephemeralKeyPair).toMatch(/^suiprivkey1/);
      expect(session.nativeKeyId).toBeUndefined();
      for (const value of storedValues(tab)) expect(value).not.toContain(session.ephemeralKeyPair);
      for (const value of storedValues(tab)) expect(value).not.toContain(jwt);
      page.send({ type: 'user.createProof' });
      await waitFor(page, (s) => s.matches({ account: { session: { ready: 'waiting' } } }));
      page.send({ type: 'user.signMessage', message: 'fallback' });
      await waitFor(page, (s) => s.context.signature !== null);
    } finally {
      spy.mockRestore();
    }
  });

  it('works with a native non-extractable WebCrypto key kept in the vault', async () => {
    const tab = browserTab(config({ VITE_NATIVE_KEY: 'true' }));
    const { page } = await signIn(tab);
    const session = await readSession(tab);
    expect(session.ephemeralKeyPair).toBe('@@native');
    const stored = await tab.vault.get<{ privateKey: CryptoKey }>(nativeKeyEntry(session.nativeKeyId!));
    expect(stored?.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('pkcs8', stored!.privateKey)).rejects.toThrow();
    page.send({ type: 'user.createProof' });
    await waitFor(page, (s) => s.matches({ account: { session: { ready: 'waiting' } } }));
    page.send({ type: 'user.signMessage', message: 'native' });
    await waitFor(page, (s) => s.context.signature !== null);

    // The native key gone: the catalogue message.
    await tab.vault.delete(nativeKeyEntry(session.nativeKeyId!));
    const reloaded = tab.page();
    await waitFor(reloaded, (s) => s.matches({ account: { session: 'ready' } }));
    reloaded.send({ type: 'user.signMessage', message: 'again' });
    const failed = await waitFor(reloaded, (s) => s.context.failure !== null);
    expect(failed.matches({ account: { session: { ready: 'waiting' } } })).toBe(true);
    expect(failed.context.failure?.message).toBe('Native signer not found in store.');
  });

  it('refuses a token whose nonce is not ours, and a replayed token changes nothing', async () => {
    const tab = browserTab();
    const first = tab.page();
    await waitFor(first, (s) => s.matches('idle'));
    first.send({ type: 'user.signIn', provider: 'google' });
    await waitFor(first, (s) => s.matches({ redirecting: 'navigating' }));
    const foreign = await service.mint('a-nonce-of-another-flow');
    const pending = storedValues(tab);
    const refused = tab.page(`#id_token=${foreign}`);
    const failed = await waitFor(refused, (s) => s.matches('idle') && s.context.failure !== null);
    expect(failed.context.failure?.code).toBe('NONCE_MISMATCH');
    // The flow that was started is left as it was.
    expect(storedValues(tab)).toEqual(pending);

    const { jwt, page } = await signIn(tab);
    const { address } = page.getSnapshot().context;
    const before = storedValues(tab);
    const replay = tab.page(`#id_token=${jwt}`);
    const replayed = await waitFor(replay, (s) => s.matches({ account: { session: 'signed-in' } }) && s.context.failure !== null);
    expect(replayed.context.failure?.message).toBe(
      'Start of sign-in flow could not be found. Ensure you have started the sign-in flow before calling this.',
    );
    expect(replayed.context.address).toBe(address);
    expect(storedValues(tab)).toEqual(before);
  });

  it("the callback's login lookup goes out while the session is still being checked: one lookup per sign-in, used only after the check", async () => {
    const lookups: string[] = [];
    let callbackPage: ReturnType<ReturnType<typeof browserTab>['page']> | undefined;
    const record = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === '/v1/zklogin' && request.method === 'GET')
        lookups.push(JSON.stringify(callbackPage?.getSnapshot().value));
    };
    service.server.events.on('request:start', record);
    try {
      const tab = browserTab();
      const first = tab.page();
      await waitFor(first, (s) => s.matches('idle'));
      first.send({ type: 'user.signIn', provider: 'google' });
      await waitFor(first, (s) => s.matches({ redirecting: 'navigating' }));
      const url = new URL(tab.navigations.at(-1)!);
      const jwt = await service.mint(url.searchParams.get('nonce')!, { clientId: url.searchParams.get('client_id')! });
      callbackPage = tab.page(`#id_token=${jwt}`);
      const signedIn = await waitFor(callbackPage, (s) => !s.hasTag('busy'));
      expect(signedIn.matches({ account: { session: 'signed-in' } })).toBe(true);
      // One lookup, asked for while the machine was still checking the callback.
      expect(lookups).toEqual([JSON.stringify('callback-validating')]);

      // A token on a page where no flow was started: refused, and nothing asked of the login
      // service (every fetch counted, also one aborted before it reached the service).
      const fetches = vi.spyOn(globalThis, 'fetch');
      try {
        callbackPage = browserTab().page(`#id_token=${jwt}`);
        const refused = await waitFor(callbackPage, (s) => s.matches('idle') && s.context.failure !== null);
        expect(refused.context.failure?.code).toBe('FLOW_NOT_STARTED');
        const loginCalls = fetches.mock.calls.filter(([url]) =>
          String(url instanceof Request ? url.url : url).includes('/v1/zklogin'),
        );
        expect(loginCalls).toEqual([]);
      } finally {
        fetches.mockRestore();
      }
    } finally {
      service.server.events.removeListener('request:start', record);
    }
  });

  it("a callback that comes back after its flow's end finds no start (the time rule), and its token goes nowhere", async () => {
    let now = Date.now();
    const tab = browserTab(config(), () => now);
    const first = tab.page();
    await waitFor(first, (s) => s.matches('idle'));
    first.send({ type: 'user.signIn', provider: 'google' });
    await waitFor(first, (s) => s.matches({ redirecting: 'navigating' }));
    const { expiresAt } = await readSession(tab);
    const url = new URL(tab.navigations.at(-1)!);
    const jwt = await service.mint(url.searchParams.get('nonce')!, { clientId: url.searchParams.get('client_id')! });

    now = expiresAt + 1;
    const fetches = vi.spyOn(globalThis, 'fetch');
    try {
      const late = tab.page(`#id_token=${jwt}`);
      const refused = await waitFor(late, (s) => !s.hasTag('busy') && !s.matches({ 'logged-out': 'clearing' }));
      expect(refused.context.failure?.code).toBe('FLOW_NOT_STARTED');
      // Read as logged out: the expired flow is gone from storage, and the buttons are back.
      expect(refused.hasTag('can-sign-in')).toBe(true);
      expect(storedValues(tab)).toEqual([null, null]);
      expect(refused.context.address).toBeNull();
      const loginCalls = fetches.mock.calls.filter(([called]) =>
        String(called instanceof Request ? called.url : called).includes('/v1/zklogin'),
      );
      expect(loginCalls).toEqual([]);
    } finally {
      fetches.mockRestore();
    }
  });

  it("Create proof sends its request in the click's own task once the session and the signing code are at hand", async () => {
    const tab = browserTab();
    const { page } = await signIn(tab);
    // The page fetches the signing code while idle; here, at once.
    preloadSignerCode();
    await import('../zklogin/signer.ts');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const fetches = vi.spyOn(globalThis, 'fetch');
    try {
      page.send({ type: 'user.createProof' });
      // No await in between: any would let the page's render of the proving state go first.
      const proofCalls = () =>
        fetches.mock.calls.filter(([url]) => String(url instanceof Request ? url.url : url).endsWith('/v1/zklogin/zkp'));
      expect(proofCalls()).toHaveLength(1);
      await waitFor(page, (s) => s.matches({ account: { session: { ready: 'waiting' } } }));
      expect(proofCalls()).toHaveLength(1);
      expect((await readSession(tab)).proof).toBeDefined();
    } finally {
      fetches.mockRestore();
    }
  });

  it("prepares a fresh page's next signature without signing: the signer is built ahead, and the signature needs no key from the vault", async () => {
    const tab = browserTab();
    const { page } = await signIn(tab);
    page.send({ type: 'user.createProof' });
    await waitFor(page, (s) => s.matches({ account: { session: { ready: 'waiting' } } }));
    const { address } = page.getSnapshot().context;
    // A fresh page over the same storage, as the hosted wallet's window is at each request.
    const runtime = createSignInRuntime(config(), createDependencies(config(), { store: tab.store, vault: tab.vault }));
    const vaultReads = vi.spyOn(tab.vault, 'get');
    const signs = vi.spyOn(crypto.subtle, 'sign');
    try {
      await runtime.prepareSigning();
      expect(vaultReads).toHaveBeenCalled();
      expect(signs).not.toHaveBeenCalled();
      vaultReads.mockClear();
      const message = toBase64(new TextEncoder().encode('prepared'));
      const signed = await runtime.operations.walletRequest({
        input: { requestId: 'r1', kind: 'signPersonalMessage', address: address!, chain: 'sui:testnet', message },
        signal: new AbortController().signal,
      });
      expect(signed).toMatchObject({ bytes: message, signature: expect.any(String) });
      expect(signs).toHaveBeenCalledTimes(1);
      // The session is still read afresh (another window may have signed out): the sealed session, not the key.
      expect(vaultReads.mock.calls.map(([entry]) => entry)).not.toContain(nativeKeyEntry((await readSession(tab)).nativeKeyId!));
    } finally {
      vaultReads.mockRestore();
      signs.mockRestore();
    }
  });

  it('with nothing to prepare (no session, or no proof yet), preparing the next signature says nothing and signs nothing', async () => {
    const tab = browserTab();
    const runtime = createSignInRuntime(config(), createDependencies(config(), { store: tab.store, vault: tab.vault }));
    await expect(runtime.prepareSigning()).resolves.toBeUndefined();
    await signIn(tab);
    const signs = vi.spyOn(crypto.subtle, 'sign');
    try {
      await expect(runtime.prepareSigning()).resolves.toBeUndefined();
      expect(signs).not.toHaveBeenCalled();
    } finally {
      signs.mockRestore();
    }
  });

  it('reads an expired session as logged out and clears storage (the time rule)', async () => {
    let now = Date.now();
    const tab = browserTab(config(), () => now);
    await signIn(tab);
    now += 3 * 86_400_000 + 1;
    const page = tab.page();
    const snapshot = await waitFor(page, (s) => s.matches({ 'logged-out': 'done' }));
    expect(snapshot.context.notice).toBe('Your session has expired. Please sign in again.');
    expect(storedValues(tab)).toEqual([null, null]);
  });

  it('refuses a stored proof past expiry with the catalogue message', async () => {
    let now = Date.now();
    const tab = browserTab(config(), () => now);
    const { page } = await signIn(tab);
    page.send({ type: 'user.createProof' });
    await waitFor(page, (s) => s.matches({ account: { session: { ready: 'waiting' } } }));
    now += 3 * 86_400_000 + 1;
    page.send({ type: 'user.signMessage', message: 'late' });
    const failed = await waitFor(
      page,
      (s) => s.matches({ account: { session: { ready: 'waiting' } } }) && s.context.failure !== null,
    );
    expect(failed.context.failure?.message).toBe('Stored proof is expired.');
  });

  it('reads corrupt storage as logged out, never throwing', async () => {
    const tab = browserTab();
    await signIn(tab);
    tab.store.set(`@zklogin-sign-in/session/${TEST_API_KEY}`, '{"v":1,"salt":"AAAA","iv":"AAAA","payload":"AAAA"}');
    const page = tab.page();
    const snapshot = await waitFor(page, (s) => s.matches({ 'logged-out': 'done' }));
    expect(snapshot.context.notice).toBe('Your stored session could not be read, so you have been signed out.');
    expect(storedValues(tab)).toEqual([null, null]);
  });

  it('writes nothing when the nonce call fails', async () => {
    const tab = browserTab(config({ VITE_SUI_NETWORK: 'devnet' }));
    const page = tab.page();
    await waitFor(page, (s) => s.matches('idle'));
    page.send({ type: 'user.signIn', provider: 'google' });
    const failed = await waitFor(page, (s) => s.matches('idle') && s.context.failure !== null);
    expect(failed.context.failure?.message).toContain('This API key is not enabled for devnet.');
    expect(storedValues(tab, config({ VITE_SUI_NETWORK: 'devnet' }))).toEqual([null, null]);
  });

  it('a storage write that fails: nothing written, our message beside the sign-in buttons, a click goes on once it clears', async () => {
    const tab = browserTab(config({ VITE_NATIVE_KEY: 'true' }));
    let refuseWrites = true;
    const set = tab.store.set;
    tab.store.set = (key, value) => {
      if (refuseWrites) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      set(key, value);
    };
    const keys = { put: [] as string[], deleted: [] as string[] };
    const { put, delete: remove } = tab.vault;
    tab.vault.put = (name, value) => (keys.put.push(name), put(name, value));
    tab.vault.delete = (name) => (keys.deleted.push(name), remove(name));
    const page = tab.page();
    await waitFor(page, (s) => s.matches('idle'));
    page.send({ type: 'user.signIn', provider: 'google' });
    const failed = await waitFor(page, (s) => s.matches('idle') && s.context.failure !== null);
    expect(failed.context.failure).toMatchObject({ code: 'STORAGE_WRITE_FAILED', message: CATALOGUE.STORAGE_WRITE_FAILED });
    expect(storedValues(tab, config({ VITE_NATIVE_KEY: 'true' }))).toEqual([null, null]);
    // The native key made for the failed start is not left behind in the vault.
    const nativeKeys = keys.put.filter((name) => name.startsWith('ephemeral-key/'));
    expect(nativeKeys).toHaveLength(1);
    expect(keys.deleted).toEqual(nativeKeys);
    refuseWrites = false;
    page.send({ type: 'user.signIn', provider: 'google' });
    await waitFor(page, (s) => s.matches({ redirecting: 'navigating' }));
    expect(page.getSnapshot().context.failure).toBeNull();
  });

  it('intent writes nothing; the start writes its session only once its native key is in the vault', async () => {
    const appConfig = config({ VITE_NATIVE_KEY: 'true' });
    const tab = browserTab(appConfig);
    let releaseKey!: () => void;
    const keyStored = new Promise<void>((resolve) => (releaseKey = resolve));
    const { put } = tab.vault;
    tab.vault.put = async (name, value) => {
      if (name.startsWith('ephemeral-key/')) await keyStored;
      return put(name, value);
    };
    const page = tab.page();
    await waitFor(page, (s) => s.matches('idle'));
    page.send({ type: 'user.intent' });
    await waitFor(page, (s) => s.matches({ idle: 'prepared' }));
    // The nonce and the session's master key are ready, in memory only.
    expect(storedValues(tab, appConfig)).toEqual([null, null]);
    expect(await tab.vault.get(VAULT_ENTRIES.sessionKey)).toBeUndefined();
    // The session's seal (AES-GCM) is the start's last step of its own before the write.
    const encrypt = crypto.subtle.encrypt.bind(crypto.subtle);
    let sealed!: () => void;
    const sealing = new Promise<void>((resolve) => (sealed = resolve));
    const seal = vi
      .spyOn(crypto.subtle, 'encrypt')
      .mockImplementation((...args: Parameters<typeof encrypt>) => encrypt(...args).finally(sealed));
    try {
      page.send({ type: 'user.signIn', provider: 'google' });
      // Sealed meanwhile, the session waits for the key's write: once the seal has given its
      // text and the task's remaining steps have run, a write (or a navigation) that did not
      // wait for the key would have been made.
      await sealing;
      await new Promise((resolve) => setImmediate(resolve));
      expect(seal).toHaveBeenCalledOnce();
      expect(storedValues(tab, appConfig)).toEqual([null, null]);
      expect(page.getSnapshot().matches({ redirecting: 'navigating' })).toBe(false);
    } finally {
      seal.mockRestore();
    }
    releaseKey();
    await waitFor(page, (s) => s.matches({ redirecting: 'navigating' }));
    const session = await readSession(tab);
    expect(await tab.vault.get(nativeKeyEntry(session.nativeKeyId!))).toBeDefined();
  });

  it('sign-out everywhere empties the vault and tells the other tabs; a local clear keeps the shared key', async () => {
    const announced: string[] = [];
    const tabs = { announceSignOut: () => void announced.push('signed-out'), onSignOut: () => () => {} };
    const store = createMemoryStore();
    const vault = createMemoryVault();
    const appConfig = config({ VITE_NATIVE_KEY: 'true' });
    const deps = createDependencies(appConfig, { store, vault, tabs });
    const actors = operationActors(createSignInOperations(deps));
    const run = <T>(logic: Parameters<typeof createActor>[0], input: T) => {
      const actor = createActor(logic as never, { input } as never).start();
      return waitFor(actor as never, (s: { status: string }) => s.status !== 'active');
    };
    await run(actors.startSignIn, { provider: 'google' });
    expect(await vault.get(VAULT_ENTRIES.sessionKey)).toBeDefined();
    const nativeKeyId = (await deps.sessions.read())?.session.nativeKeyId;
    expect(await vault.get(nativeKeyEntry(nativeKeyId!))).toBeDefined();

    await run(actors.clearSession, { everywhere: false, ended: null });
    expect(await vault.get(VAULT_ENTRIES.sessionKey)).toBeDefined();
    // This tab's own native key goes with its session.
    expect(await vault.get(nativeKeyEntry(nativeKeyId!))).toBeUndefined();
    expect(announced).toEqual([]);

    // The wallet's windows share one storage: a window whose session ended clears only that
    // session, not one another window stored since (a renewal, a new sign-in).
    await run(actors.startSignIn, { provider: 'google' });
    const stored = await deps.sessions.readSealedSession();
    await run(actors.clearSession, { everywhere: false, ended: { expiresAt: stored!.expiresAt - 60_000 } });
    expect(await deps.sessions.readSealedSession()).toEqual(stored);
    expect(await vault.get(nativeKeyEntry(stored!.nativeKeyId!))).toBeDefined();
    await run(actors.clearSession, { everywhere: false, ended: { expiresAt: stored!.expiresAt } });
    expect(await deps.sessions.readSealedSession()).toBeNull();
    expect(await vault.get(nativeKeyEntry(stored!.nativeKeyId!))).toBeUndefined();

    await run(actors.startSignIn, { provider: 'google' });
    await run(actors.clearSession, { everywhere: true, ended: null });
    expect(await vault.get(VAULT_ENTRIES.sessionKey)).toBeUndefined();
    expect(announced).toEqual(['signed-out']);
  });

  it("another tab's sign-out drops this page's master key whatever this tab is doing: what it seals next, a reload still opens", async () => {
    let signedOutElsewhere = () => {};
    const tabs = { announceSignOut: () => {}, onSignOut: (listener: () => void) => ((signedOutElsewhere = listener), () => {}) };
    const vault = createMemoryVault();
    const dependencies = createDependencies(config(), { store: createMemoryStore(), vault, tabs });
    const heard: string[] = [];
    createSignInRuntime(config(), dependencies).onSignOutElsewhere(() => heard.push('tab.signedOut'));
    await dependencies.encryption.encrypt('before', 'entry');
    // The other tab's sign-out: every key of the app goes, and this tab is told.
    await vault.clear();
    signedOutElsewhere();
    expect(heard).toEqual(['tab.signedOut']);
    const sealed = await dependencies.encryption.encrypt('after', 'entry');
    const reloaded = createDependencies(config(), { store: createMemoryStore(), vault, tabs });
    await expect(reloaded.encryption.decrypt(sealed, 'entry')).resolves.toBe('after');
  });

  it("in a storage the wallet's windows share, a window's clear never ends another window's live session: neither an old session's end nor a window that held none (a lost sign-in window expiring)", async () => {
    let now = Date.now();
    const tab = browserTab(config(), () => now);
    const { page } = await signIn(tab);
    const first = await readSession(tab);
    // Another window of the wallet signs out and in again, a minute later: its session is the one stored.
    page.send({ type: 'user.signOut' });
    await waitFor(page, (s) => s.matches({ 'logged-out': 'done' }));
    now += 60_000;
    await signIn(tab, 'google', 'bob');
    const second = await readSession(tab);
    expect(second.expiresAt).not.toBe(first.expiresAt);
    const operations = createSignInOperations(
      createDependencies(config(), { store: tab.store, vault: tab.vault, now: () => now }),
    );
    const clear = (ended: { expiresAt: number } | null) =>
      operations.clearSession({ input: { everywhere: false, ended }, signal: new AbortController().signal });
    await clear({ expiresAt: first.expiresAt });
    expect(await readSession(tab)).toEqual(second);
    await clear(null);
    expect(await readSession(tab)).toEqual(second);
    expect(await tab.vault.get(nativeKeyEntry(second.nativeKeyId!))).toBeDefined();
    // Another window writes while this one reads its own session to clear it (the decrypt is
    // under way): what it wrote is kept, though the session read was this window's own.
    const sessionKey = `@zklogin-sign-in/session/${TEST_API_KEY}`;
    const stateKey = `@zklogin-sign-in/state/${TEST_API_KEY}`;
    const own = tab.store.get(sessionKey)!;
    const written = { session: 'another-window-sealed', state: tab.store.get(stateKey)! };
    const clearing = clear({ expiresAt: second.expiresAt });
    tab.store.set(sessionKey, written.session);
    await clearing;
    expect(tab.store.get(sessionKey)).toBe(written.session);
    expect(tab.store.get(stateKey)).toBe(written.state);
    // Its own session's end clears it, when nothing comes between.
    tab.store.set(sessionKey, own);
    await clear({ expiresAt: second.expiresAt });
    expect(tab.store.get(sessionKey)).toBeNull();
  });

  it("in a storage the wallet's windows share, a callback whose flow another window replaced after its check finds no start: nothing more is looked up for it, and nothing stored over the other flow", async () => {
    const tab = browserTab();
    const signal = new AbortController().signal;
    /** A window of the wallet over the shared storage, its login lookups held until released. */
    const aWindow = () => {
      const deps = createDependencies(config(), { store: tab.store, vault: tab.vault, now: Date.now });
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      const lookup = deps.client.getLogin.bind(deps.client);
      const lookups = vi.spyOn(deps.client, 'getLogin').mockImplementation(async (...args) => (await gate, lookup(...args)));
      return { operations: createSignInOperations(deps), lookups, release };
    };
    /** Starts a flow in `window`; the token the provider gives back for it. */
    const startIn = async ({ operations }: ReturnType<typeof aWindow>) => {
      const { url } = await operations.startSignIn({ input: { provider: 'google' }, signal } as never);
      const query = new URL(url).searchParams;
      return service.mint(query.get('nonce')!, { clientId: query.get('client_id')! });
    };
    const checkedIn = async (window: ReturnType<typeof aWindow>) => {
      const jwt = await startIn(window);
      await window.operations.validateCallback({ input: { fragment: new Secret(`#id_token=${jwt}`) }, signal } as never);
      return new Secret(jwt);
    };
    const other = aWindow();

    // Another window starts its own flow between this callback's check and its lookup. The
    // check started the early lookup (its nonce was the stored flow's then): it is aborted, and
    // no other is asked for.
    const checked = aWindow();
    const jwt = await checkedIn(checked);
    expect(checked.lookups).toHaveBeenCalledOnce();
    await startIn(other);
    const othersFlow = storedValues(tab);
    await expect(checked.operations.fetchLogin({ input: { jwt }, signal } as never)).rejects.toThrow(CATALOGUE.FLOW_NOT_STARTED);
    checked.release();
    expect(checked.lookups).toHaveBeenCalledOnce();
    expect((checked.lookups.mock.calls[0]![1] as { signal: AbortSignal }).signal.aborted).toBe(true);
    expect(storedValues(tab)).toEqual(othersFlow);

    // Another window starts its own flow while this callback's lookup is under way (past its
    // checks, waiting on the login service): the write finds the other flow, and leaves it.
    const looking = aWindow();
    const lookedUp = await checkedIn(looking);
    const fetcher = aWindow();
    const fetching = fetcher.operations.fetchLogin({ input: { jwt: lookedUp }, signal } as never);
    await vi.waitFor(() => expect(fetcher.lookups).toHaveBeenCalledOnce());
    await startIn(other);
    const othersNow = storedValues(tab);
    fetcher.release();
    looking.release();
    await expect(fetching).rejects.toThrow(CATALOGUE.FLOW_NOT_STARTED);
    expect(storedValues(tab)).toEqual(othersNow);
  });

  it('warm start: intent prepares one nonce that the click uses; no intent costs nothing; a nonce that spent a share of its lifetime is refreshed', async () => {
    const nonceCalls: string[] = [];
    const count = ({ request }: { request: Request }) => {
      if (request.url.endsWith('/v1/zklogin/nonce')) nonceCalls.push(request.url);
    };
    service.server.events.on('request:start', count);
    try {
      const tab = browserTab();
      const page = tab.page();
      await waitFor(page, (s) => s.matches('idle'));
      expect(nonceCalls).toHaveLength(0);
      page.send({ type: 'user.intent' });
      await waitFor(page, (s) => s.matches({ idle: 'prepared' }));
      expect(nonceCalls).toHaveLength(1);
      page.send({ type: 'user.signIn', provider: 'google' });
      await waitFor(page, (s) => s.matches({ redirecting: 'navigating' }));
      expect(nonceCalls).toHaveLength(1);
      // The prepared nonce is the one sent to the provider, and the callback completes.
      const { page: signedIn } = await signIn(tab);
      expect(signedIn.getSnapshot().matches({ account: { session: 'signed-in' } })).toBe(true);

      // A prepared nonce that has spent a tenth of its two-day lifetime is not used.
      let now = Date.now();
      const lateTab = browserTab(config(), () => now);
      const late = lateTab.page();
      await waitFor(late, (s) => s.matches('idle'));
      late.send({ type: 'user.intent' });
      await waitFor(late, (s) => s.matches({ idle: 'prepared' }));
      const before = nonceCalls.length;
      now += 0.2 * 86_400_000 + 60_000;
      late.send({ type: 'user.signIn', provider: 'google' });
      await waitFor(late, (s) => s.matches({ redirecting: 'navigating' }));
      expect(nonceCalls.length).toBe(before + 1);
    } finally {
      service.server.events.removeListener('request:start', count);
    }
  });

  it('every nonce request carries additionalEpochs as configured (0 by default): the warm start and the click alike', async () => {
    for (const [settings, expected] of [
      [{}, 0],
      [{ VITE_ADDITIONAL_EPOCHS: '7' }, 7],
    ] as const) {
      const deps = createDependencies(config(settings), { store: createMemoryStore(), vault: createMemoryVault() });
      const createNonce = vi.spyOn(deps.client, 'createNonce');
      const operations = createSignInOperations(deps);
      const signal = new AbortController().signal;
      // The warm start asks once; the first click takes its nonce; the second click asks again.
      await operations.prepareSignIn({ input: undefined, signal });
      await operations.startSignIn({ input: { provider: 'twitch' }, signal });
      await operations.startSignIn({ input: { provider: 'google' }, signal });
      expect(createNonce).toHaveBeenCalledTimes(2);
      for (const [input] of createNonce.mock.calls) expect(input.additionalEpochs).toBe(expected);
    }
  });

  it("warm start: the key is made before the intent, so the nonce request leaves in the intent's own call, without WebCrypto", async () => {
    // The key's last step of its own is its public key's export.
    const exportKey = crypto.subtle.exportKey.bind(crypto.subtle) as (...args: unknown[]) => Promise<unknown>;
    let exported!: () => void;
    const keyMade = new Promise<void>((resolve) => (exported = resolve));
    const exports = vi
      .spyOn(crypto.subtle, 'exportKey')
      .mockImplementation(((...args: unknown[]) => exportKey(...args).finally(exported)) as typeof crypto.subtle.exportKey);
    const deps = createDependencies(config(), { store: createMemoryStore(), vault: createMemoryVault() });
    const createNonce = vi.spyOn(deps.client, 'createNonce');
    const operations = createSignInOperations(deps);
    // The key made ahead, while nothing is being asked for: once its public key is exported
    // and the task's remaining steps have run, it is ready (and a nonce asked for with it, had
    // one been, would have been asked).
    try {
      await keyMade;
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      exports.mockRestore();
    }
    expect(createNonce).not.toHaveBeenCalled();
    // From now on WebCrypto never answers: a key made at the intent would hold the request back.
    const stalled = vi.spyOn(crypto.subtle, 'generateKey').mockImplementation(() => new Promise(() => {}));
    try {
      void operations.prepareSignIn({ input: undefined, signal: new AbortController().signal });
      // In the intent's own call: before anything else on the page (the click's render) runs.
      expect(createNonce).toHaveBeenCalledTimes(1);
    } finally {
      stalled.mockRestore();
    }
  });

  it('a key that could not be made ahead is made again by the sign-in that needs it', async () => {
    const generateKey = crypto.subtle.generateKey.bind(crypto.subtle);
    const broken = vi.spyOn(crypto.subtle, 'generateKey').mockRejectedValue(new DOMException('broken', 'OperationError'));
    try {
      const tab = browserTab();
      const page = tab.page();
      await waitFor(page, (s) => s.matches('idle'));
      // Still broken at the click: the catalogue message, nothing stored.
      page.send({ type: 'user.signIn', provider: 'google' });
      const failed = await waitFor(page, (s) => s.context.failure !== null);
      expect(failed.context.failure?.message).toBe(CATALOGUE.KEY_CREATION_FAILED);
      expect(tab.store.get(storageKeys(TEST_API_KEY).session)).toBeNull();
      // Mended: the next click makes a key and goes on.
      broken.mockImplementation(generateKey as typeof crypto.subtle.generateKey);
      page.send({ type: 'user.signIn', provider: 'google' });
      await waitFor(page, (s) => s.matches({ redirecting: 'navigating' }));
    } finally {
      broken.mockRestore();
    }
  });

  it('warm start with one-hour sessions: the nonce prepared on hover is used, one nonce call per sign-in', async () => {
    // A login service with half-hour epochs: every estimatedExpiration is one hour ahead.
    service.server.use(...createLoginServiceHandlers({ apiKey: TEST_API_KEY, keys: service.keys, epochMs: 30 * 60_000 }));
    const nonceAnswers: { estimatedExpiration: number }[] = [];
    const record = ({ request, response }: { request: Request; response: Response }) => {
      if (request.url.endsWith('/v1/zklogin/nonce'))
        void response
          .clone()
          .json()
          .then(({ data }) => nonceAnswers.push(data));
    };
    service.server.events.on('response:mocked', record);
    try {
      const tab = browserTab();
      const page = tab.page();
      await waitFor(page, (s) => s.matches('idle'));
      // The service counts the hour from its clock when it answers: between these two readings.
      const askedAt = Date.now();
      page.send({ type: 'user.intent' });
      await waitFor(page, (s) => s.matches({ idle: 'prepared' }));
      await waitFor(page, () => nonceAnswers.length === 1);
      const answeredBy = Date.now();
      expect(nonceAnswers[0]!.estimatedExpiration).toBeGreaterThanOrEqual(askedAt + 3_600_000);
      expect(nonceAnswers[0]!.estimatedExpiration).toBeLessThanOrEqual(answeredBy + 3_600_000);
      page.send({ type: 'user.intent' });
      page.send({ type: 'user.signIn', provider: 'google' });
      await waitFor(page, (s) => s.matches({ redirecting: 'navigating' }));
      expect(nonceAnswers).toHaveLength(1);
      // The nonce sent to the provider is the prepared one, and the session lasts its hour.
      const session = await readSession(tab);
      expect(new URL(tab.navigations.at(-1)!).searchParams.get('nonce')).toBe(session.nonce);
      expect(session.expiresAt).toBe(nonceAnswers[0]!.estimatedExpiration);
    } finally {
      service.server.events.removeListener('response:mocked', record);
      service.server.resetHandlers();
    }
  });
});
