import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { restoresTo, signApprovedMessage, stubbedMachine } from '../../packages/sui-zklogin-wallet/test/machine-stubs.ts';
import { Secret } from '../../packages/sui-zklogin-wallet/src/core/secret.ts';
import { createTransitionLog, REDACTION_DEPTH, redact, statePath } from './transition-log.ts';
import { TRANSITION_LOG_LIMIT } from './transition-log-rules.ts';

/** A machine restored to ready (stub actors), its balance read, with a log of its transitions. */
async function readyAndLogged() {
  const log = createTransitionLog();
  const actor = createActor(stubbedMachine({ restoreSession: restoresTo('ready') }), {
    input: {},
    inspect: (e) => log.observe(e),
  }).start();
  await waitFor(actor, (s) => s.matches({ account: { session: 'ready', chain: 'idle' } }));
  return { log, actor };
}

describe('transition log', () => {
  it('records each state change with event, source, target and the time spent in the source', async () => {
    let clock = 1_000;
    const log = createTransitionLog({ now: () => clock });
    const actor = createActor(stubbedMachine(), {
      input: { fragment: new Secret('#id_token=eyJ.eyJ.sig') },
      inspect: (e) => log.observe(e),
    });
    actor.start(); // the first transition happens here, synchronously, at 1,000
    clock = 1_250; // the stub actors settle after this
    await waitFor(actor, (s) => s.matches({ account: { session: 'signed-in', chain: 'idle', wallet: 'waiting' } }));
    const entries = log.entries();
    expect(entries.map((e) => `${e.from || '(start)'} → ${e.to}`)).toEqual([
      '(start) → callback-validating',
      'callback-validating → fetching-login',
      'fetching-login → account.session.signed-in + account.chain.loading-balance + account.wallet.waiting + account.renewal.later',
      'account.session.signed-in + account.chain.loading-balance + account.wallet.waiting + account.renewal.later → account.session.signed-in + account.chain.idle + account.wallet.waiting + account.renewal.later',
    ]);
    expect(entries[1]).toMatchObject({ event: 'xstate.done.actor.validateCallback', sourceDurationMs: 250 });
    expect(entries[0]!.at).toBe(new Date(1_000).toISOString());
  });

  it('redacts secrets from payloads, as the inspector does', async () => {
    const log = createTransitionLog();
    const actor = createActor(stubbedMachine(), { input: {}, inspect: (e) => log.observe(e) }).start();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'url.fragment', fragment: new Secret('#id_token=very-secret') });
    await waitFor(actor, (s) => s.matches({ account: { session: 'signed-in' } }));
    const json = log.toJSON();
    expect(json).toContain('url.fragment');
    expect(json).not.toContain('very-secret');
    expect(JSON.stringify(log.entries().at(-1)!.payload)).not.toContain('very-secret');
    // The context after each step is kept too, redacted the same way.
    const contexts = log.entries().map((entry) => entry.context);
    expect(contexts.find((context) => context?.fragment !== null)?.fragment).toBe('[redacted]');
    expect(log.entries().at(-1)!.context).toMatchObject({ address: `0x${'ab'.repeat(32)}`, jwt: '[redacted]' });
  });

  it("redacts the visitor's email, in the login's answer and in the context", () => {
    expect(redact({ output: { address: '0x1', email: 'alice@example.com' } })).toEqual({
      output: { address: '0x1', email: '[redacted]' },
    });
    expect(redact({ email: null })).toEqual({ email: '[redacted]' });
  });

  it("redacts a dApp's personal message, in the request's event and in the context; the approval steps are logged", async () => {
    const { log, actor } = await readyAndLogged();
    const message = btoa('my private words');
    await signApprovedMessage(actor, message);
    const json = log.toJSON();
    expect(json).not.toContain(message);
    const asked = log.entries().find((entry) => entry.event === 'wallet.sign')!;
    expect(asked.to).toContain('account.wallet.asking.awaiting-approval');
    expect(asked.payload).toMatchObject({ request: { kind: 'signPersonalMessage', requestId: 'm', message: '[redacted]' } });
    expect(asked.context).toMatchObject({ walletRequest: { message: '[redacted]' } });
    expect(log.entries().map((entry) => entry.event)).toContain('user.approve');
    // What signing gave back (the signed bytes are the message) is redacted too.
    const signed = log.entries().find((entry) => entry.event === 'xstate.done.actor.walletRequest')!;
    expect(signed.payload).toMatchObject({ output: '[redacted]' });
  });

  it("redacts what the account signs: a signature, the message it signs, a dApp's transaction and the bytes its dry run built", async () => {
    expect(
      redact({ signature: 'c2ln', signedMessage: 'hello', request: { kind: 'signTransaction', transaction: '{"to":"0x1"}' } }),
    ).toEqual({
      signature: '[redacted]',
      signedMessage: '[redacted]',
      request: { kind: 'signTransaction', transaction: '[redacted]' },
    });
    expect(redact({ walletPreview: { status: 'ok', bytes: 'dHg=', gasBudget: '1' } })).toEqual({
      walletPreview: { status: 'ok', bytes: '[redacted]', gasBudget: '1' },
    });

    const { log, actor } = await readyAndLogged();
    actor.send({ type: 'user.signMessage', message: 'my own words' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.signature).toBe('sig(my own words)'));
    actor.send({
      type: 'wallet.sign',
      request: {
        kind: 'signTransaction',
        requestId: 't',
        address: actor.getSnapshot().context.address!,
        chain: 'sui:testnet',
        transaction: '{"secret":"plan"}',
        sender: null,
        gasOwner: null,
      },
    });
    await vi.waitFor(() => expect(actor.getSnapshot().context.walletPreview).not.toBeNull());
    const json = log.toJSON();
    expect(json).toContain('user.signMessage');
    expect(json).toContain('wallet.sign');
    for (const leak of ['my own words', 'sig(my own words)', '"secret":"plan"', '\\"secret\\"', 'dHg='])
      expect(json).not.toContain(leak);
    expect(log.entries().at(-1)!.context).toMatchObject({
      signature: '[redacted]',
      signedMessage: '[redacted]',
      walletRequest: { transaction: '[redacted]' },
      walletPreview: { bytes: '[redacted]' },
    });
  });

  it('reads "[redacted]" for whatever lies deeper than it looks, never the raw value', () => {
    let nested: unknown = { words: 'deep private words', token: 'plain' };
    for (let level = 0; level < REDACTION_DEPTH + 3; level++) nested = { level: nested, list: [nested] };
    const json = JSON.stringify(redact({ type: 'e', nested }));
    expect(json).not.toContain('deep private words');
    expect(json).toContain('[redacted]');
    // The cap itself: an object at the deepest level looked into shows its names; their values are cut off.
    let deepest: unknown = { secret: { a: 1 }, s: 'x' };
    for (let level = 0; level < REDACTION_DEPTH; level++) deepest = { level: deepest };
    let atCap = redact(deepest);
    for (let level = 0; level < REDACTION_DEPTH; level++) atCap = (atCap as { level: unknown }).level;
    expect(atCap).toEqual({ secret: '[redacted]', s: '[redacted]' });
    // What a value says it is in JSON is redacted in turn (a Secret's own words are kept).
    expect(redact({ boxed: new Secret('x'), wrapped: { toJSON: () => ({ jwt: 'eyJa.eyJb.c' }) } })).toEqual({
      boxed: '[redacted]',
      wrapped: { jwt: '[redacted]' },
    });
  });

  it('keeps the newest TRANSITION_LOG_LIMIT transitions, so a tab open all day holds a bounded log', () => {
    const log = createTransitionLog();
    const total = TRANSITION_LOG_LIMIT + 25;
    for (let i = 0; i < total; i++) {
      log.observe({
        type: '@xstate.snapshot',
        rootId: 'root',
        actorRef: { sessionId: 'root' },
        event: { type: `event.${i}` },
        snapshot: { value: i % 2 === 0 ? 'idle' : 'redirecting', context: { address: null } },
      } as unknown as Parameters<typeof log.observe>[0]);
    }
    expect(log.entries()).toHaveLength(TRANSITION_LOG_LIMIT);
    expect(log.version()).toBe(total);
    expect(log.entries()[0]!.event).toBe(`event.${total - TRANSITION_LOG_LIMIT}`);
    expect(log.entries().at(-1)!.event).toBe(`event.${total - 1}`);
  });

  it('entries whose context did not change share one frozen copy; a change makes a new one', () => {
    const log = createTransitionLog();
    const observe = (value: string, context: Record<string, unknown>) =>
      log.observe({
        type: '@xstate.snapshot',
        rootId: 'root',
        actorRef: { sessionId: 'root' },
        event: { type: 'e' },
        snapshot: { value, context },
      } as unknown as Parameters<typeof log.observe>[0]);
    observe('a', { balance: null, jwt: new Secret('x') });
    observe('b', { balance: null, jwt: new Secret('y') });
    observe('c', { balance: '1', jwt: null });
    const [first, second, third] = log.entries().map((entry) => entry.context);
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(third).not.toBe(second);
    expect(third).toEqual({ balance: '1', jwt: '[redacted]' });
    expect(first).toEqual({ balance: null, jwt: '[redacted]' });
  });

  it('names nested states by their path', () => {
    expect(statePath({ redirecting: 'preparing' })).toBe('redirecting.preparing');
    expect(statePath({ 'logged-out': 'done' })).toBe('logged-out.done');
    expect(statePath('idle')).toBe('idle');
    // A parallel state names every region, so that node work beside the signing shows too.
    expect(statePath({ account: { session: { ready: 'signing' }, chain: 'sending', wallet: 'waiting', renewal: 'later' } })).toBe(
      'account.session.ready.signing + account.chain.sending + account.wallet.waiting + account.renewal.later',
    );
  });
});

describe('transition log: the node work beside the account', () => {
  it('records each region of the account: signing and the node work are both in the log', async () => {
    const { log, actor } = await readyAndLogged();
    actor.send({ type: 'user.refreshBalance' });
    const steps = () => log.entries().map((e) => `${e.event}: ${e.to}`);
    await vi.waitFor(() =>
      expect(steps().slice(-2)).toEqual([
        'user.refreshBalance: account.session.ready.waiting + account.chain.loading-balance + account.wallet.waiting + account.renewal.later',
        'xstate.done.actor.loadBalance: account.session.ready.waiting + account.chain.idle + account.wallet.waiting + account.renewal.later',
      ]),
    );
    expect(log.entries().at(-1)!.context).toMatchObject({ balance: '2000000000' });
  });
});
