// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { parseConfig } from '../config.ts';
import { storageKeys } from '../storage/keys.ts';
import { signInStored } from '../storage/stored.ts';
import { createLazySignIn, runtimeModule } from './lazy-sign-in-actors.ts';

const result = parseConfig({ VITE_ENOKI_API_KEY: 'enoki_public_lazy', VITE_GOOGLE_CLIENT_ID: 'g' }, 'https://app.test/');
if (!result.ok) throw new Error(result.errors.join('\n'));
const { config } = result;

describe('lazy sign-in actors', () => {
  it('a first visit restores "empty" without loading the sign-in code; anything stored loads it', async () => {
    sessionStorage.clear();
    const signIn = createLazySignIn(config);
    expect(signInStored()).toBe(false);
    expect(signInStored(storageKeys(config.enokiApiKey))).toBe(false);
    const empty = await toPromise(createActor(signIn.actors.restoreSession, { input: { discardPendingFlow: false } }).start());
    expect(empty).toEqual({ status: 'empty' });
    expect(runtimeModule.get()).toBeUndefined();

    // A sign-in state of this app (here one that is not readable): the real restore decides.
    sessionStorage.setItem(storageKeys(config.enokiApiKey).state, '{"provider":"google"}');
    expect(signInStored()).toBe(true);
    expect(signInStored(storageKeys(config.enokiApiKey))).toBe(true);
    expect(signInStored(storageKeys('another_app_key'))).toBe(false);
    let loaded = 0;
    signIn.whenLoaded(() => loaded++);
    const restored = await toPromise(createActor(signIn.actors.restoreSession, { input: { discardPendingFlow: false } }).start());
    expect(restored).toEqual({ status: 'unreadable' });
    expect(runtimeModule.get()).toBeDefined();
    expect(loaded).toBe(1);
    // Once loaded, listeners run at once and the runtime is not made twice.
    signIn.whenLoaded(() => loaded++);
    await signIn.load();
    expect(loaded).toBe(2);
    sessionStorage.clear();
  });
});
