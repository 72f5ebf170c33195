// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The module as a page first has it: its formatter is made once per page, so each test loads it afresh. */
let time: typeof import('./use-local-time.ts');
beforeEach(async () => {
  vi.resetModules();
  time = await import('./use-local-time.ts');
});

const TIME = Date.UTC(2026, 10, 24, 9, 30);
const expected = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(TIME));

function Shown({ at }: { at: number }) {
  return <time data-testid="time">{time.useLocalTime(at) ?? 'pending'}</time>;
}

describe('useLocalTime', () => {
  it('without a formatter yet, the time follows after the first paint; once made, it is there at once', async () => {
    render(<Shown at={TIME} />);
    expect(screen.getByTestId('time').textContent).toBe('pending');
    expect(await screen.findByText(expected)).toBeTruthy();

    time.warmUpTimeFormat();
    render(<Shown at={TIME + 60_000} />);
    expect(screen.getAllByTestId('time')[1]!.textContent).not.toBe('pending');
  });

  it('a time that is not a date shows a dash, never throws', async () => {
    render(<Shown at={Number.NaN} />);
    expect(await screen.findByText('—')).toBeTruthy();
    expect(time.isoTime(Number.NaN)).toBeUndefined();
    expect(time.isoTime(TIME)).toBe('2026-11-24T09:30:00.000Z');
  });
});
