/**
 * The embedded wallet's pause after repeated rejections (the package's core/account-wallet.ts), kept per
 * site for the hosted wallet: each request opens a window of its own, whose machine starts
 * afresh, so the times the visitor rejected a site's requests are kept at the wallet's
 * origin (localStorage) and read with the machine's own rule.
 *
 * Each rejection is an entry of its own (a key per rejection), never a list read, changed
 * and written back: two of the wallet's windows rejecting at once (two sites, or two tabs of
 * one) each add their entry, and neither can overwrite the other's. An approval removes its
 * site's entries; entries too old to count in any pause are removed as new ones come.
 */
import * as v from 'valibot';
import {
  REJECTIONS_WITHIN_MS,
  WALLET_PAUSE_MS,
  walletPaused,
} from '../../packages/sui-zklogin-wallet/src/core/account-wallet.ts';

const PREFIX = 'zklogin-wallet:rejection:';
const EntrySchema = v.object({ origin: v.string(), at: v.number() });
type Entry = v.InferOutput<typeof EntrySchema>;

/** An entry older than this cannot be among the rejections of a pause still running (walletPaused's rule). */
const COUNTS_FOR_MS = REJECTIONS_WITHIN_MS + WALLET_PAUSE_MS;

export function sitePauses(storage: Storage | null, now: () => number) {
  /** Every rejection entry kept, with its key; an unreadable one is left out. */
  const entries = (): { key: string; entry: Entry }[] => {
    try {
      if (!storage) return [];
      const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
        (key): key is string => key?.startsWith(PREFIX) === true,
      );
      return keys.flatMap((key) => {
        try {
          const parsed = v.safeParse(EntrySchema, JSON.parse(storage.getItem(key) ?? 'null'));
          return parsed.success ? [{ key, entry: parsed.output }] : [];
        } catch {
          return [];
        }
      });
    } catch {
      return [];
    }
  };
  const remove = (keys: string[]) => {
    try {
      for (const key of keys) storage?.removeItem(key);
    } catch {
      // Storage refused: the entries stay, and still count by their times.
    }
  };
  /** The times `origin`'s requests were rejected, oldest first. */
  const rejections = (origin: string) =>
    entries()
      .filter(({ entry }) => entry.origin === origin)
      .map(({ entry }) => entry.at)
      .sort((a, b) => a - b);
  return {
    rejections,
    /** Whether `origin`'s requests are refused now, without asking the visitor. */
    paused: (origin: string) => walletPaused(rejections(origin), now()),
    /** The visitor rejected one of `origin`'s requests: its time is kept. */
    rejected: (origin: string) => {
      const at = now();
      remove(entries().flatMap(({ key, entry }) => (entry.at < at - COUNTS_FOR_MS ? [key] : [])));
      try {
        storage?.setItem(`${PREFIX}${crypto.randomUUID()}`, JSON.stringify({ origin, at } satisfies Entry));
      } catch {
        // Storage refused: the site is not paused, which is the safe side for the visitor's own requests.
      }
    },
    /** The visitor approved one: the count starts again. */
    approved: (origin: string) => remove(entries().flatMap(({ key, entry }) => (entry.origin === origin ? [key] : []))),
  };
}
