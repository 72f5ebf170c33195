// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { InspectionEvent } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { createTransitionLog } from '../transition-log/transition-log.ts';
import { useLogEntries } from './DevtoolsPanel.tsx';

afterEach(cleanup);

/** The inspection event of the root machine reaching `value` through `event`. */
const snapshotEvent = (value: string, event: string) =>
  ({
    type: '@xstate.snapshot',
    rootId: 'root',
    actorRef: { sessionId: 'root' },
    snapshot: { value },
    event: { type: event },
  }) as unknown as InspectionEvent;

describe('the panel reads the transition log live', () => {
  it('keeps updating past the log limit, where the length stops changing', () => {
    const log = createTransitionLog({ limit: 3 });
    const { result } = renderHook(() => useLogEntries(log).map((entry) => entry.to));
    const steps = ['idle', 'redirecting', 'idle', 'signed-in', 'proving', 'ready', 'logged-out'];
    for (const [index, value] of steps.entries()) {
      act(() => log.observe(snapshotEvent(value, `event-${index}`)));
      // Always the newest three, also after the fourth transition filled the log.
      expect(result.current).toEqual(steps.slice(Math.max(0, index - 2), index + 1));
    }
    expect(log.version()).toBe(steps.length);
  });
});
