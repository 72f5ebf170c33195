/**
 * Model-based coverage of signInMachine (xstate/graph): from one sample event per
 * equivalence class (every user event, every actor outcome, the expiry timer), generate
 * a path to every state and a path through every transition defined in the machine, then
 * run each path on a live actor whose actors are controllable stubs. The test fails when
 * a state or a transition is added that no path reaches.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyStateNode, type EventObject } from 'xstate';
import { getAdjacencyMap, getShortestPaths, type StatePath } from 'xstate/graph';
import { LoginServiceError } from '../src/login-service/errors.ts';
import { SignInError } from './errors.ts';
import { Secret } from './secret.ts';
import { signInMachine } from './sign-in.machine.ts';
import type { SignInInput } from './sign-in.types.ts';
import { PREVIEW, SESSION } from './test-stubs.ts';

type Snapshot = ReturnType<typeof signInMachine.transition>;
type AnyEvent = EventObject & Record<string, unknown>;

/** A sign-in window's flow lasts an hour (the timer test advances past it). */
const FLOW_EXPIRES_AT = Date.now() + 3_600_000;
/**
 * The sessions the model signs in with: one longer than a browser timer can wait (its wait
 * for "Stay signed in" is armed again), and one with five minutes left (offered at once).
 */
const LONG_SESSION = { ...SESSION, expiresAt: Date.now() + 40 * 86_400_000 };
const SHORT_SESSION = { ...SESSION, expiresAt: Date.now() + 5 * 60_000 };
const retryable = new LoginServiceError(503, 'http_503', 'The login service answered with HTTP 503.');
const refusal = SignInError.of('MISSING_PROOF_PARAMETERS');
const done = (id: string, output?: unknown): AnyEvent => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, cause: unknown): AnyEvent => ({ type: `xstate.error.actor.${id}`, error: cause });

/** One sample per equivalence class. */
const EVENTS: AnyEvent[] = [
  { type: 'user.signIn', provider: 'google' },
  { type: 'user.intent' },
  { type: 'user.createProof' },
  { type: 'user.signMessage', message: 'hello' },
  { type: 'user.signOut' },
  { type: 'user.renew' },
  { type: 'user.retry' },
  { type: 'user.startOver' },
  { type: 'user.dismiss' },
  { type: 'url.fragment', fragment: new Secret('#id_token=x') },
  { type: 'page.restored' },
  { type: 'tab.signedOut' },
  { type: 'user.refreshBalance' },
  { type: 'user.requestTestSui' },
  { type: 'user.send', recipient: `0x${'cd'.repeat(32)}`, amount: '500000000' },
  { type: 'user.verifySignature' },
  // The account's regions raise these for each other (a send or a request needs the proof;
  // it failed): sent as samples too, so that each transition taking them is walked alone.
  { type: 'account.proofNeeded' },
  { type: 'account.proofFailed', message: 'The login service answered with HTTP 503.' },
  // Popup mode's sign-in window.
  { type: 'popup.opened', flowId: 'flow-1' },
  { type: 'popup.blocked' },
  { type: 'popup.closed' },
  { type: 'popup.callback', fragment: new Secret('#id_token=x&state=zklogin-popup.flow-1') },
  // A dApp through the wallets: this account's provider or another, silent or not; a
  // request for this account (SESSION's address, the default chain) or another.
  ...(['google', 'twitch'] as const).flatMap((provider) => [
    { type: 'wallet.connect', requestId: 'c', provider, silent: false },
    { type: 'wallet.connect', requestId: 'c', provider, silent: true },
    { type: 'wallet.disconnect', requestId: 'd', provider },
  ]),
  ...[SESSION.address, `0x${'ef'.repeat(32)}`].map((address): AnyEvent => ({
    type: 'wallet.sign',
    request: { kind: 'signPersonalMessage', requestId: 's', address, chain: 'sui:testnet', message: 'aGk=' },
  })),
  // The visitor's answer in the wallet's dialog, for the request it shows ('s' or 't') or another.
  ...['s', 't', 'other'].flatMap((requestId) => [
    { type: 'user.approve', requestId },
    { type: 'user.reject', requestId },
  ]),
  ...['s', 't'].map((requestId) => ({ type: 'wallet.dialogFailed', requestId, message: "The wallet's dialog did not load." })),
  // A message the registering page signs without asking, and a transaction for this account.
  {
    type: 'wallet.sign',
    request: {
      kind: 'signPersonalMessage',
      requestId: 's',
      address: SESSION.address,
      chain: 'sui:testnet',
      message: 'aGk=',
      approvedByPage: true,
    },
  },
  {
    type: 'wallet.sign',
    request: {
      kind: 'signAndExecuteTransaction',
      requestId: 't',
      address: SESSION.address,
      chain: 'sui:testnet',
      transaction: '{}',
      sender: null,
      gasOwner: null,
    },
  },
  // A dApp's enoki:getSession for this account: read without a dialog.
  { type: 'wallet.sign', request: { kind: 'getSession', requestId: 'g', address: SESSION.address, chain: 'sui:testnet' } },
  // A transaction for this account that names another sender.
  {
    type: 'wallet.sign',
    request: {
      kind: 'signTransaction',
      requestId: 't',
      address: SESSION.address,
      chain: 'sui:testnet',
      transaction: '{}',
      sender: `0x${'ef'.repeat(32)}`,
      gasOwner: null,
    },
  },
  ...(['empty', 'expired', 'unreadable'] as const).map((status) => done('restoreSession', { status })),
  done('restoreSession', { status: 'empty', pendingFlow: true }),
  ...(['signed-in', 'ready'] as const).map((status) => done('restoreSession', { status, ...LONG_SESSION })),
  done('restoreSession', { status: 'signed-in', ...SHORT_SESSION }),
  done('restoreSession', { status: 'expired', provider: 'google' }),
  error('restoreSession', new Error('storage exploded')),
  done('prepareSignIn'),
  error('prepareSignIn', retryable),
  done('startSignIn', { url: 'https://idp.test/google', expiresAt: FLOW_EXPIRES_AT }),
  error('startSignIn', retryable),
  error('startSignIn', SignInError.invalidProvider('apple')),
  done('validateCallback', { jwt: new Secret('jwt'), provider: 'google' }),
  done('validateCallback', { jwt: new Secret('jwt'), provider: 'google', renewal: true }),
  error('validateCallback', SignInError.of('NONCE_MISMATCH')),
  done('fetchLogin', LONG_SESSION),
  error('fetchLogin', retryable),
  error('fetchLogin', SignInError.of('FLOW_NOT_STARTED')),
  done('createProof'),
  error('createProof', retryable),
  error('createProof', refusal),
  done('signMessage', { signature: 'sig', message: 'hello' }),
  error('signMessage', SignInError.of('PROOF_EXPIRED')),
  done('verifySignature', { status: 'verified' }),
  error('verifySignature', new TypeError('Failed to fetch')),
  done('loadBalance', { balance: '2000000000' }),
  error('loadBalance', new TypeError('Failed to fetch')),
  done('requestTestSui'),
  error('requestTestSui', new Error('The faucet has had too many requests from you.')),
  done('sendSui', { recipient: `0x${'cd'.repeat(32)}`, amount: '500000000', digest: 'Digest1111' }),
  error('sendSui', new Error('Not enough SUI: the amount and the gas fee together are more than your balance.')),
  done('previewTransaction', PREVIEW),
  done('previewTransaction', { status: 'fails', reason: 'Not enough SUI.' }),
  error('previewTransaction', new TypeError('Failed to fetch')),
  done('walletRequest', { bytes: 'aGk=', signature: 'sig' }),
  error('walletRequest', new Error('The Sui node could not be reached.')),
  done('clearSession'),
  error('clearSession', new Error('IndexedDB blocked')),
  ...[
    'untilRenewalOffer.signIn.account.renewal.later',
    'untilExpiry.signIn.account.renewal.due',
    'windowFlowExpiry.signIn.idle',
  ].map((timer) => ({ type: `xstate.after.${timer}` })),
];

/** The events of the renewal region's work, and those that end an account whatever it does. */
const RENEWAL_EVENTS = new Set([
  'user.renew',
  'user.signOut',
  'tab.signedOut',
  'user.dismiss',
  'page.restored',
  'popup.opened',
  'popup.blocked',
  'popup.closed',
  'popup.callback',
  'xstate.done.actor.startSignIn',
  'xstate.error.actor.startSignIn',
  'xstate.after.untilRenewalOffer.signIn.account.renewal.later',
  'xstate.after.untilExpiry.signIn.account.renewal.due',
]);

/** Less than ten minutes left: the session offers "Stay signed in". */
const renewalDue = (snapshot: Snapshot) =>
  snapshot.context.expiresAt !== null && snapshot.context.expiresAt - Date.now() <= 10 * 60_000;

/**
 * The events tried from a state. The renewal region is walked with the other regions at
 * rest (a session with little time left does nothing else; a renewal under way takes only
 * its own events and the account's end): every state and transition of each region is
 * covered, without multiplying the account's states by the renewal's.
 */
const eventsFrom = (snapshot: Snapshot) =>
  snapshot.matches('account') && (renewalDue(snapshot) || !snapshot.matches({ account: { renewal: 'later' } }))
    ? EVENTS.filter((event) => RENEWAL_EVENTS.has(event.type))
    : EVENTS;

/** What distinguishes states for the model: value plus the facts guards read. */
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify({
    value: snapshot.value,
    failure: snapshot.context.failure && [snapshot.context.failure.step, snapshot.context.failure.retryable],
    fragment: snapshot.context.fragment !== null,
    // What the node's guards read: a known balance (a send is checked against it), a send
    // waiting for the proof, a signature to verify again.
    balance: snapshot.context.balance !== null,
    pendingTransfer: snapshot.context.pendingTransfer !== null,
    signature: snapshot.context.signature !== null,
    walletRequest: snapshot.context.walletRequest?.kind ?? null,
    // What Approve reads: the dry run's verdict.
    walletPreview: snapshot.context.walletPreview?.status ?? null,
    // A sign-in window's flow: none, opened, or stored (then listened for once it is lost).
    signInWindow: snapshot.context.signInWindow && snapshot.context.signInWindow.expiresAt !== null,
    pendingFlow: snapshot.context.pendingFlow,
    proofStored: snapshot.context.proofStored,
    renewing: snapshot.context.renewing,
    renewalDue: renewalDue(snapshot),
  });

const INPUTS: SignInInput[] = [{}, { fragment: new Secret('#id_token=x') }, { signInMode: 'popup' }];
const traversal = (input: SignInInput) => ({ input, events: eventsFrom as never, serializeState: serializeState as never });

/** Every state node and every transition defined in the machine. */
function definedTransitions() {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    nodes.push(node);
    Object.values(node.states).forEach(visit);
  };
  visit(signInMachine.root);
  const transitions = nodes.flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])]);
  return { nodes, transitions };
}

const keyOf = (t: { source: AnyStateNode; eventType: string; target?: readonly AnyStateNode[] }, index: number) =>
  `${t.source.id} --${t.eventType}--> ${t.target?.map((n) => n.id).join(',') ?? '(self)'} [${index}]`;

function transitionKeys() {
  const { transitions } = definedTransitions();
  const keys = new Map<unknown, string>();
  const counts = new Map<string, number>();
  for (const t of transitions) {
    const base = `${t.source.id}|${t.eventType}`;
    const index = counts.get(base) ?? 0;
    counts.set(base, index + 1);
    keys.set(t, keyOf(t, index));
  }
  return keys;
}

/** The states with eventless transitions that entering `targets` passes through (by initial states, in every region). */
function transientStatesEntered(targets: readonly AnyStateNode[] | undefined): AnyStateNode[] {
  const entered = (node: AnyStateNode): AnyStateNode[] => [
    ...(node.always?.length ? [node] : []),
    ...(node.type === 'parallel' ? Object.values(node.states) : (node.initial?.target ?? [])).flatMap(entered),
  ];
  return (targets ?? []).flatMap(entered);
}

/** Generated paths: a shortest path to every state, and one through every transition. */
function generatePaths() {
  const keys = transitionKeys();
  const covered = new Map<string, StatePath<Snapshot, AnyEvent>>();
  const statesReached = new Set<string>();
  const paths: { input: SignInInput; path: StatePath<Snapshot, AnyEvent> }[] = [];

  for (const input of INPUTS) {
    const toState = new Map<string, StatePath<Snapshot, AnyEvent>>();
    for (const path of getShortestPaths(signInMachine, traversal(input)) as unknown as StatePath<Snapshot, AnyEvent>[]) {
      toState.set(serializeState(path.state), path);
      paths.push({ input, path });
      for (const node of path.state._nodes) statesReached.add(node.id);
      for (const step of path.steps) for (const node of step.state._nodes) statesReached.add(node.id);
    }
    // Eventless transitions are taken while the initial state resolves: covered when the
    // initial snapshot lands in their target instead of the initial state node.
    const initial = [...toState.values()].find((path) => path.steps.length <= 1)!;
    for (const [t, key] of keys) {
      const { eventType, source, target } = t as { eventType: string; source: AnyStateNode; target?: AnyStateNode[] };
      const landed = initial.state._nodes.map((node: AnyStateNode) => node.id);
      if (eventType === '' && !landed.includes(source.id) && target?.every((node) => landed.includes(node.id))) {
        covered.set(key, initial);
      }
    }
    const adjacency = getAdjacencyMap(signInMachine as never, traversal(input) as never) as Record<
      string,
      { state: Snapshot; transitions: Record<string, { event: AnyEvent; state: Snapshot }> }
    >;
    for (const [from, { state, transitions }] of Object.entries(adjacency)) {
      for (const { event, state: next } of Object.values(transitions)) {
        for (const taken of signInMachine.getTransitionData(state, event as never)) {
          const prefix = toState.get(from)!;
          const path = { state: next, steps: [...prefix.steps, { event, state: next }], weight: prefix.weight + 1 };
          // A transient state (left at once by its eventless transitions) never rests in a
          // snapshot: it is reached when a transition enters it, and each way out of it is
          // covered when the snapshot lands in that way's target.
          const landed = next._nodes.map((node: AnyStateNode) => node.id);
          for (const transient of transientStatesEntered(taken.target)) {
            statesReached.add(transient.id);
            for (const out of transient.always ?? []) {
              const outKey = keys.get(out);
              if (outKey && !covered.has(outKey) && out.target?.every((node) => landed.includes(node.id))) {
                covered.set(outKey, path);
                paths.push({ input, path });
              }
            }
          }
          const key = keys.get(taken);
          if (!key || covered.has(key)) continue;
          covered.set(key, path);
          paths.push({ input, path });
        }
      }
    }
  }
  return { keys, covered, statesReached, paths };
}

/** Kept before the fake timers replace it: it lets promises settle without running a timer. */
const realSetImmediate = globalThis.setImmediate;

/** A live actor whose actors wait until the path says how they end. */
function liveActor(input: SignInInput) {
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (reason: unknown) => void }>();
  const controllable = (id: string) =>
    fromPromise<never, unknown>(() => new Promise((resolve, reject) => pending.set(id, { resolve, reject } as never)));
  // Every actor the machine names, read from its own definition.
  const ids = Object.keys(signInMachine.implementations.actors);
  const machine = signInMachine.provide({
    actors: Object.fromEntries(ids.map((id) => [id, controllable(id)])) as never,
    actions: { navigate: () => {}, clearFragment: () => {} },
  });
  const actor = createActor(machine, { input }).start();
  const perform = async (event: AnyEvent) => {
    const [, kind] = /^xstate\.(done|error|after)\./.exec(event.type) ?? [];
    if (kind === 'after') {
      // Exactly the timer's own delay, as the machine computes it now.
      const delay = event.type.split('.')[2]!;
      const delays = signInMachine.implementations.delays as Record<string, (args: unknown) => number>;
      await vi.advanceTimersByTimeAsync(delays[delay]!({ context: actor.getSnapshot().context }));
    } else if (kind === 'done' || kind === 'error') {
      const actorId = event.type.split('.').at(-1)!;
      const control = pending.get(actorId);
      if (!control) throw new Error(`${actorId} is not running`);
      pending.delete(actorId);
      if (kind === 'done') control.resolve(event.output);
      else control.reject(event.error);
    } else actor.send(event as never);
    // The actors' promises settle; no timer runs (even one due now): the model fires timers
    // only as steps of their own.
    await new Promise((settled) => realSetImmediate(settled));
  };
  return { actor, perform };
}

describe('signInMachine: model-based coverage', () => {
  afterEach(() => void vi.useRealTimers());
  const { keys, covered, statesReached, paths } = generatePaths();
  const { nodes } = definedTransitions();

  it('covers every state and every transition defined in the machine', () => {
    const allStates = nodes.map((node) => node.id);
    const missingStates = allStates.filter((id) => !statesReached.has(id));
    const allTransitions = [...new Set(keys.values())];
    const missingTransitions = allTransitions.filter((key) => !covered.has(key));
    console.log(`states covered: ${allStates.length - missingStates.length}/${allStates.length}`);
    console.log(`transitions covered: ${allTransitions.length - missingTransitions.length}/${allTransitions.length}`);
    console.log(`generated paths: ${paths.length}`);
    expect(missingStates).toEqual([]);
    expect(missingTransitions).toEqual([]);
  });

  const describePath = ({ input, path }: (typeof paths)[number]) =>
    [
      input.fragment ? 'load with fragment' : input.signInMode === 'popup' ? 'load (popup mode)' : 'load',
      ...path.steps.slice(1).map((s) => s.event.type.replace(/^xstate\./, '')),
    ].join(' → ');

  it.each(paths.map((entry, i) => [i, describePath(entry), entry] as const))(
    'path %i: %s',
    async (_i, _description, { input, path }) => {
      vi.useFakeTimers();
      const steps = path.steps.filter((step) => step.event.type !== 'xstate.init');
      const { actor, perform } = liveActor(input);
      expect(actor.getSnapshot().value).toEqual((path.steps[0] ?? path).state.value);
      for (const step of steps) {
        await perform(step.event);
        expect(actor.getSnapshot().value, `after ${step.event.type}`).toEqual(step.state.value);
        // Where the alert stands is part of the state the visitor is in.
        expect(serializeState(actor.getSnapshot()), `after ${step.event.type}`).toBe(serializeState(step.state));
      }
      actor.stop();
    },
  );
});
