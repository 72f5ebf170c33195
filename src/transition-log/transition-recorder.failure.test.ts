import { describe, expect, it, vi } from 'vitest';
import { createTransitionRecorder } from './transition-recorder.ts';

// The log's chunk does not arrive.
vi.mock('./transition-log.ts', () => {
  throw new Error('offline');
});

describe('transition recorder: the log’s code does not arrive', () => {
  it('gives the same failed promise on every call, so the panel settles on its message', async () => {
    const recorder = createTransitionRecorder();
    const first = recorder.log();
    await expect(first).rejects.toThrow();
    expect(recorder.log()).toBe(first);
  });
});
