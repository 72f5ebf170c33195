import { describe, expect, it } from 'vitest';
import { LOG_FILE_TOO_LARGE, parseLogFile } from './log-file.ts';

const entry = {
  at: '2026-11-22T07:00:00.000Z',
  event: 'user.signIn',
  from: 'idle.cold',
  to: 'redirecting.preparing',
  sourceDurationMs: 12,
  payload: { type: 'user.signIn' },
};

describe('a downloaded transition log, read back', () => {
  it('accepts what the app wrote', () => {
    expect(parseLogFile(JSON.stringify([entry]))).toEqual({ ok: true, entries: [entry] });
  });

  it.each([
    ['not json', 'This file is not a transition log: it is not JSON.'],
    ['{"hello":"world"}', 'This file is not a transition log of this app: it must be a list of transitions.'],
    ['[]', 'This file is not a transition log of this app: it holds no transition.'],
    [
      JSON.stringify([entry, { ...entry, to: '' }]),
      'This file is not a transition log of this app (transition 2): "to" must name a state.',
    ],
    [
      JSON.stringify([{ ...entry, event: 42 }]),
      'This file is not a transition log of this app (transition 1): "event" must be a string.',
    ],
    [
      JSON.stringify([{ ...entry, at: 'yesterday' }]),
      'This file is not a transition log of this app (transition 1): "at" must be an ISO time.',
    ],
  ])('refuses %s with a clear sentence', (text, error) => {
    expect(parseLogFile(text)).toEqual({ ok: false, error });
  });

  it('refuses a file nested past the limit, however deep, before anything recursive reads it', () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    const deep = JSON.stringify([{ ...entry, payload: '__NESTED__' }]);
    const error = 'This file is not a transition log of this app: it is nested more than 64 levels deep.';
    expect(parseLogFile(deep.replace('"__NESTED__"', nested(100_000)))).toEqual({ ok: false, error });
    expect(parseLogFile(deep.replace('"__NESTED__"', nested(63)))).toEqual({ ok: false, error });
    // Brackets inside strings are text, not nesting.
    const inText = { ...entry, payload: { note: '['.repeat(1_000) } };
    expect(parseLogFile(JSON.stringify([inText]))).toEqual({ ok: true, entries: [inText] });
    const escaped = { ...entry, payload: { note: '\\"[[[' } };
    expect(parseLogFile(JSON.stringify([escaped]))).toEqual({ ok: true, entries: [escaped] });
    // Exactly at the limit is read.
    const atLimit = deep.replace('"__NESTED__"', nested(62));
    expect(parseLogFile(atLimit).ok).toBe(true);
  });

  it('refuses a file over the size limit with one sentence', () => {
    const huge = JSON.stringify([{ ...entry, payload: 'x'.repeat(33 * 1024 * 1024) }]);
    expect(parseLogFile(huge)).toEqual({ ok: false, error: LOG_FILE_TOO_LARGE });
  });
});
