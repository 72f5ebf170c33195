/**
 * The embedded wallet's pause after repeated rejections (core/account-wallet.ts), kept per
 * site for the hosted wallet: each request opens a window of its own, whose machine starts
 * afresh, so the times the visitor rejected a site's requests are kept at the wallet's
 * origin (localStorage), by the site's origin, and read with the machine's own rule.
 */
import * as v from 'valibot';
import { REJECTIONS_BEFORE_PAUSE, walletPaused } from '../../core/account-wallet.ts';

const KEY = 'zklogin-wallet:rejections';
const RejectionsSchema = v.record(v.string(), v.array(v.number()));

export function sitePauses(storage: Storage | null, now: () => number) {
  const read = (): Record<string, number[]> => {
    try {
      const parsed = v.safeParse(RejectionsSchema, JSON.parse(storage?.getItem(KEY) ?? '{}'));
      return parsed.success ? parsed.output : {};
    } catch {
      return {};
    }
  };
  const write = (all: Record<string, number[]>) => {
    try {
      storage?.setItem(KEY, JSON.stringify(all));
    } catch {
      // Storage refused: the site is not paused, which is the safe side for the visitor's own requests.
    }
  };
  return {
    /** Whether `origin`'s requests are refused now, without asking the visitor. */
    paused: (origin: string) => walletPaused(read()[origin] ?? [], now()),
    /** The visitor rejected one of `origin`'s requests: its time is kept (the last few only). */
    rejected: (origin: string) => {
      const all = read();
      write({ ...all, [origin]: [...(all[origin] ?? []), now()].slice(-REJECTIONS_BEFORE_PAUSE) });
    },
    /** The visitor approved one: the count starts again. */
    approved: (origin: string) => {
      const { [origin]: _dropped, ...rest } = read();
      write(rest);
    },
  };
}
