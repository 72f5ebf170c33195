import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { stubbedMachine } from '../../machines/test-stubs.ts';
import { Secret } from '../zklogin/secret.ts';
import { createTransitionLog, statePath } from './transition-log.ts';

describe('transition log', () => {
  it('records each state change with event, source, target and the time spent in the source', async () => {
    let clock = 1_000;
    const log = createTransitionLog({ now: () => clock });
    const actor = createActor(stubbedMachine(), { input: { fragment: new Secret('#id_token=eyJ.eyJ.sig') }, inspect: (e) => log.observe(e) });
    actor.start();
    clock = 1_250;
    await new Promise((resolve) => setTimeout(resolve, 10));
    const entries = log.entries();
    expect(entries.map((e) => `${e.from || '(start)'} → ${e.to}`)).toEqual([
      '(start) → callback-validating',
      'callback-validating → fetching-login',
      'fetching-login → signed-in',
    ]);
    expect(entries[1]).toMatchObject({ event: 'xstate.done.actor.validateCallback', sourceDurationMs: 250 });
    expect(entries[0]!.at).toBe(new Date(1_000).toISOString());
  });

  it('redacts secrets from payloads, as the inspector does', async () => {
    const log = createTransitionLog();
    const actor = createActor(stubbedMachine(), { input: {}, inspect: (e) => log.observe(e) }).start();
    await new Promise((resolve) => setTimeout(resolve, 5));
    actor.send({ type: 'url.fragment', fragment: new Secret('#id_token=very-secret') });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const json = log.toJSON();
    expect(json).toContain('url.fragment');
    expect(json).not.toContain('very-secret');
    expect(JSON.stringify(log.entries().at(-1)!.payload)).not.toContain('very-secret');
  });

  it('names nested states by their path', () => {
    expect(statePath({ ready: 'waiting' })).toBe('ready.waiting');
    expect(statePath({ 'logged-out': 'done' })).toBe('logged-out.done');
    expect(statePath('idle')).toBe('idle');
  });
});
