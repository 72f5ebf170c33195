/**
 * The marks a page's probe reports (bench/probe.ts, bench/wallet-probe.ts), collected as
 * they happen, and a wait for the next one of a name. Exposed on a page (its documents),
 * or on a browser context (every page of it: the windows a page opens too).
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { ProbeMark } from './probe.ts';

export type MarkMatch = string | ((name: string) => boolean);

export async function collectMarks<M extends ProbeMark = ProbeMark>(target: Page | BrowserContext, label: string) {
  const marks: M[] = [];
  const waiters = new Set<() => void>();
  await target.exposeBinding('__benchReport', (_, mark: M) => {
    marks.push(mark);
    waiters.forEach((wake) => wake());
  });
  /** The first mark matching `match` after index `after`, as soon as the page reports it. */
  const waitMark = (match: MarkMatch, after = 0, timeout = 30_000) =>
    new Promise<M>((resolve, reject) => {
      const matches = typeof match === 'string' ? (name: string) => name === match : match;
      const check = () => {
        const found = marks.slice(after).find((mark) => matches(mark.name));
        if (!found) return;
        cleanup();
        resolve(found);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no "${String(match)}" mark on ${label}`));
      }, timeout);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  return { marks, waitMark };
}
