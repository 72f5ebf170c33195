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
 *
 * A window closed while it asks counts as a rejection (the dApp hears one). A reload looks the
 * same to the page going (a pagehide), but is no refusal: the reloaded window asks again. So
 * that close's entry is named in the window's own sessionStorage, which a reload of the window
 * keeps and a closed window takes with it, and a window that comes back takes it back.
 */
import * as v from 'valibot';
import {
  REJECTIONS_WITHIN_MS,
  WALLET_PAUSE_MS,
  walletPaused,
} from '../../packages/sui-zklogin-wallet/src/core/account-wallet.ts';

const PREFIX = 'zklogin-wallet:rejection:';
/** In the window's own sessionStorage: the key of the entry its close added. */
const CLOSE_COUNTED = 'zklogin-wallet:close-counted';
const EntrySchema = v.object({ origin: v.string(), at: v.number() });
type Entry = v.InferOutput<typeof EntrySchema>;

/** An entry older than this cannot be among the rejections of a pause still running (walletPaused's rule). */
const COUNTS_FOR_MS = REJECTIONS_WITHIN_MS + WALLET_PAUSE_MS;

export function sitePauses(
  storage: Storage | null,
  now: () => number,
  /** This window's own sessionStorage (where its close is named); none: a close is never taken back. */
  windowStorage: Storage | null = null,
) {
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
  /** Keeps a rejection of `origin` now; its key, or null when storage refused it. */
  const add = (origin: string): string | null => {
    const at = now();
    remove(entries().flatMap(({ key, entry }) => (entry.at < at - COUNTS_FOR_MS ? [key] : [])));
    const key = `${PREFIX}${crypto.randomUUID()}`;
    try {
      storage?.setItem(key, JSON.stringify({ origin, at } satisfies Entry));
      return key;
    } catch {
      // Storage refused: the site is not paused, which is the safe side for the visitor's own requests.
      return null;
    }
  };
  return {
    rejections,
    /** Whether `origin`'s requests are refused now, without asking the visitor. */
    paused: (origin: string) => walletPaused(rejections(origin), now()),
    /** The visitor rejected one of `origin`'s requests: its time is kept. */
    rejected: (origin: string) => void add(origin),
    /** The window is going while it asks `origin`: a rejection, unless the window comes back (notClosed). */
    closedWhileAsking: (origin: string) => {
      const key = add(origin);
      try {
        if (key) windowStorage?.setItem(CLOSE_COUNTED, key);
      } catch {
        // This window's storage refused: its close counts, even if it was a reload.
      }
    },
    /** This window is back (reloaded, or from the back/forward cache): the close it counted was none. */
    notClosed: () => {
      try {
        const key = windowStorage?.getItem(CLOSE_COUNTED);
        windowStorage?.removeItem(CLOSE_COUNTED);
        if (key?.startsWith(PREFIX)) remove([key]);
      } catch {
        // This window's storage refused: nothing was named in it.
      }
    },
    /** The visitor approved one: the count starts again. */
    approved: (origin: string) => remove(entries().flatMap(({ key, entry }) => (entry.origin === origin ? [key] : []))),
  };
}
