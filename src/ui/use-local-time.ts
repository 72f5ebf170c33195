/**
 * The session's end in the visitor's own words ("22 Nov 2026, 10:30"). The browser's
 * first date formatter loads the locale's data, which took about 30 ms here: paid while
 * the page waits (idle, or for the login service), never in the render that shows the
 * address. When none is ready yet, the time follows one frame after the address.
 */
import { useEffect, useState } from 'react';

let formatter: Intl.DateTimeFormat | undefined;
const format = (time: number) => {
  formatter ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? '—' : formatter.format(date);
};

/** The machine-readable form for <time>, when `time` is a date at all. */
export const isoTime = (time: number) => {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

/** Makes the formatter ahead of need; call when the browser is idle. */
export function warmUpTimeFormat(): void {
  format(0);
}

/** `time` formatted, or null for the one frame until the formatter exists. */
export function useLocalTime(time: number): string | null {
  const [formatted, setFormatted] = useState<{ time: number; text: string } | null>(null);
  // Once a formatter exists, formatting is cheap: done in the render itself.
  const current = formatted && Object.is(formatted.time, time) ? formatted.text : formatter ? format(time) : null;
  useEffect(() => {
    if (current !== null) return;
    // After the next paint: a frame, then a task.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setFormatted({ time, text: format(time) }));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [time, current]);
  return current;
}
