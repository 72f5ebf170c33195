// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { pageConfig } from '../config.ts';
import { embeddedTemplate } from '../embedded-options.ts';
import { storageKeys } from '../storage/keys.ts';
import { signInStored } from '../storage/stored.ts';
import { createLazySignIn, runtimeModule } from './sign-in-actor.ts';

const config = pageConfig(
  embeddedTemplate({ apiKey: 'enoki_public_lazy', providers: { google: { clientId: 'g' } } }, 'https://app.test'),
  'https://app.test/',
);
/** What a promise actor hands the restore when the machine starts it. */
const restoreArgs = { input: { discardPendingFlow: false }, signal: new AbortController().signal };

describe('lazy sign-in operations', () => {
  it('a first visit restores "empty" without loading the sign-in code; anything stored loads it', async () => {
    sessionStorage.clear();
    let loaded = 0;
    const signIn = createLazySignIn(config, () => loaded++);
    expect(signInStored()).toBe(false);
    expect(signInStored(storageKeys(config.enokiApiKey))).toBe(false);
    const empty = await signIn.operations.restoreSession(restoreArgs);
    expect(empty).toEqual({ status: 'empty' });
    expect(runtimeModule.get()).toBeUndefined();

    // A sign-in state of this app (here one that is not readable): the real restore decides.
    sessionStorage.setItem(storageKeys(config.enokiApiKey).state, '{"provider":"google"}');
    expect(signInStored()).toBe(true);
    expect(signInStored(storageKeys(config.enokiApiKey))).toBe(true);
    expect(signInStored(storageKeys('another_app_key'))).toBe(false);
    expect(loaded).toBe(0);
    const restored = await signIn.operations.restoreSession(restoreArgs);
    expect(restored).toEqual({ status: 'unreadable' });
    expect(runtimeModule.get()).toBeDefined();
    expect(loaded).toBe(1);
    // Once loaded, the runtime is not made twice.
    await signIn.load();
    expect(loaded).toBe(1);
    sessionStorage.clear();
  });
});
