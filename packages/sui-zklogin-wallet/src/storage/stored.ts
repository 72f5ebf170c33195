/**
 * Whether this tab holds anything of a sign-in, answered from its storage itself,
 * before the sign-in code (and its session store) has loaded: the boot asks it to decide
 * what to fetch at once, and the restore's shortcut asks it to answer a first visit with
 * no code at all. Unusable storage holds nothing (the runtime then keeps its store in
 * memory, empty at load).
 */
import type { SessionScope } from '../config.ts';
import { STORAGE_PREFIX, type StorageKeys } from './keys.ts';
import { storageArea } from './store.ts';

/** Whether either entry of `keys` is stored; without `keys`, any entry of this app, under any application key. */
export function signInStored(keys?: StorageKeys, scope: SessionScope = 'tab'): boolean {
  try {
    const storage = storageArea(scope);
    if (keys) return storage.getItem(keys.state) !== null || storage.getItem(keys.session) !== null;
    return Object.keys(storage).some((key) => key.startsWith(STORAGE_PREFIX));
  } catch {
    return false;
  }
}
