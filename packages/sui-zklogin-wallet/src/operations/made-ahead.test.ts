import { describe, expect, it, vi } from 'vitest';
import { createMadeAhead } from './made-ahead.ts';

describe('createMadeAhead', () => {
  it('hands out the value made ahead without waiting for a new one, then makes the next', async () => {
    let made = 0;
    const make = vi.fn(async () => ++made);
    const ahead = createMadeAhead(make);
    ahead.fill();
    ahead.fill();
    expect(make).toHaveBeenCalledTimes(1);
    expect(await ahead.take()).toBe(1);
    // The next one is under way as soon as one is taken.
    expect(make).toHaveBeenCalledTimes(2);
    expect(await ahead.take()).toBe(2);
  });

  it('the value is ready in the taking task: no new making is awaited', async () => {
    const make = vi.fn(() => Promise.resolve('key'));
    const ahead = createMadeAhead(make);
    ahead.fill();
    await Promise.resolve();
    // From now on a making never settles: take hands out the one made ahead, not a new one.
    make.mockImplementation(() => new Promise(() => {}));
    expect(await ahead.take()).toBe('key');
  });

  it('takeReady hands out a value already made with no await, and nothing while it is being made or failed', async () => {
    let made = 0;
    let fail = false;
    const ahead = createMadeAhead(async () => {
      if (fail) throw new Error('broken');
      return ++made;
    });
    expect(ahead.takeReady()).toBeUndefined();
    ahead.fill();
    // Still being made.
    expect(ahead.takeReady()).toBeUndefined();
    await Promise.resolve();
    await Promise.resolve();
    expect(ahead.takeReady()).toBe(1);
    // Taken once; the next is being made.
    expect(ahead.takeReady()).toBeUndefined();
    await Promise.resolve();
    await Promise.resolve();
    fail = true;
    expect(ahead.takeReady()).toBe(2);
    await Promise.resolve();
    await Promise.resolve();
    // The next one failed: nothing is handed out, and take reports the failure.
    expect(ahead.takeReady()).toBeUndefined();
    await expect(ahead.take()).rejects.toThrow('broken');
  });

  it('makes one when none was made ahead', async () => {
    const ahead = createMadeAhead(async () => 'fresh');
    expect(await ahead.take()).toBe('fresh');
  });

  it('does not hand out a failed making: the taker makes a new one, whose own failure it reports', async () => {
    const make = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('broken')).mockResolvedValue('recovered');
    const ahead = createMadeAhead(make);
    ahead.fill();
    expect(await ahead.take()).toBe('recovered');

    const failing = createMadeAhead<string>(() => Promise.reject(new Error('still broken')));
    failing.fill();
    await expect(failing.take()).rejects.toThrow('still broken');
  });
});
