import { describe, expect, it } from 'vitest';
import { parseLogFile } from './log-file.ts';

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
});
