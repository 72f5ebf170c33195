// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isoTime, useLocalTime, warmUpTimeFormat } from './use-local-time.ts';

const TIME = Date.UTC(2026, 10, 24, 9, 30);
const expected = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(TIME));

function Shown({ time }: { time: number }) {
  return <time data-testid="time">{useLocalTime(time) ?? 'pending'}</time>;
}

describe('useLocalTime', () => {
  it('without a formatter yet, the time follows after the first paint; once made, it is there at once', async () => {
    render(<Shown time={TIME} />);
    expect(screen.getByTestId('time').textContent).toBe('pending');
    expect(await screen.findByText(expected)).toBeTruthy();

    warmUpTimeFormat();
    render(<Shown time={TIME + 60_000} />);
    expect(screen.getAllByTestId('time')[1]!.textContent).not.toBe('pending');
  });

  it('a time that is not a date shows a dash, never throws', async () => {
    render(<Shown time={Number.NaN} />);
    expect(await screen.findByText('—')).toBeTruthy();
    expect(isoTime(Number.NaN)).toBeUndefined();
    expect(isoTime(TIME)).toBe('2026-11-24T09:30:00.000Z');
  });
});
