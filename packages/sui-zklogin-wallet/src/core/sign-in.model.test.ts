/**
 * Model-based coverage of signInMachine (xstate/graph): from one sample event per
 * equivalence class (every user event, every actor outcome, every timer), the machine's
 * graph is built once per input, and from it few paths that together enter every
 * state and take every transition defined in the machine. Each path is then run on a live
 * actor whose actors are controllable stubs. The test fails when a state or a transition is
 * added that no path reaches.
 *
 * The account's four regions run side by side, so their states multiply: each region is
 * walked with the others at rest (`eventsFrom`), which still enters every state and takes
 * every transition, and keeps the graph to a few thousand states.
 *
 * Time: generation runs on a frozen clock, and every fixture that holds a moment (a
 * session's end, a flow's end) is made from the clock of the run that uses it
 * (`sampleEvents(now)`), so a path replays the same however long after generation it runs.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, getNextSnapshot, type AnyStateNode, type EventObject } from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';
import { LoginServiceError } from '../login-service/errors.ts';
import { SignInError } from './errors.ts';
import { Secret } from './secret.ts';
import { signInMachine } from './sign-in.machine.ts';
import type { SignInInput } from './sign-in.types.ts';
import { IDENTITY, PREVIEW, session } from '../../test/machine-stubs.ts';

type Snapshot = ReturnType<typeof signInMachine.transition>;
type AnyEvent = EventObject & Record<string, unknown>;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The moments the samples hold, from `now`: a sign-in window's flow lasting an hour (the
 * timer test advances past it), a session longer than a browser timer can wait (its wait
 * for "Stay signed in" is armed again), and one with five minutes left (offered at once).
 */
const timedFixtures = (now: number) => ({
  flowExpiresAt: now + 60 * MINUTE,
  longSession: session({ expiresAt: now + 40 * DAY }),
  shortSession: session({ expiresAt: now + 5 * MINUTE }),
  // Ended while the page's timers were held (a sleeping laptop): what waking finds.
  overSession: session({ expiresAt: now - MINUTE }),
});

const retryable = new LoginServiceError(503, 'http_503', 'The login service answered with HTTP 503.');
const refusal = SignInError.of('MISSING_PROOF_PARAMETERS');
const done = (id: string, output?: unknown): AnyEvent => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, cause: unknown): AnyEvent => ({ type: `xstate.error.actor.${id}`, error: cause });

/**
 * One sample per equivalence class, made from the clock `now` of the run that uses them:
 * the sessions and the window's flow end at a moment relative to it, so a path's outcome
 * never depends on when the module loaded or how long generation took.
 */
const sampleEvents = (now: number): AnyEvent[] => {
  const { flowExpiresAt, longSession, shortSession, overSession } = timedFixtures(now);
  return [
    { type: 'user.signIn', provider: 'google' },
    { type: 'user.intent' },
    { type: 'user.createProof' },
    { type: 'user.signMessage', message: 'hello' },
    { type: 'user.signOut' },
    { type: 'user.renew' },
    { type: 'user.retry' },
    { type: 'user.startOver' },
    { type: 'user.stopWaiting' },
    { type: 'user.dismiss' },
    { type: 'url.fragment', fragment: new Secret('#id_token=x') },
    { type: 'page.restored' },
    { type: 'page.woke' },
    { type: 'tab.signedOut' },
    { type: 'user.refreshBalance' },
    { type: 'user.requestTestSui' },
    { type: 'user.send', recipient: `0x${'cd'.repeat(32)}`, amount: '500000000' },
    { type: 'user.verifySignature' },
    // The account's regions raise these for each other (a send or a request needs the proof;
    // it failed): sent as samples too, so that each transition taking them is walked alone.
    { type: 'account.proofNeeded' },
    { type: 'account.proofFailed', message: 'The login service answered with HTTP 503.' },
    { type: 'account.executed' },
    // Popup mode's sign-in window.
    { type: 'popup.opened', flowId: 'flow-1' },
    { type: 'popup.blocked' },
    { type: 'popup.closed' },
    { type: 'popup.callback', fragment: new Secret('#id_token=x&state=zklogin-popup.flow-1') },
    // A dApp through the wallets: this account's provider or another, silent or not; a
    // request for this account (the stubs' address, the default chain) or another.
    ...(['google', 'twitch'] as const).flatMap((provider) => [
      { type: 'wallet.connect', requestId: 'c', provider, silent: false },
      { type: 'wallet.connect', requestId: 'c', provider, silent: true },
      { type: 'wallet.disconnect', requestId: 'd', provider },
    ]),
    ...[IDENTITY.address, `0x${'ef'.repeat(32)}`].map((address): AnyEvent => ({
      type: 'wallet.sign',
      request: { kind: 'signPersonalMessage', requestId: 's', address, chain: 'sui:testnet', message: 'aGk=' },
    })),
    // A site through the hosted wallet's window: its connect, and its session read, each put to the visitor.
    ...(['connect', 'getSession'] as const).map((kind): AnyEvent => ({
      type: 'wallet.sign',
      request: { kind, requestId: 'h', address: IDENTITY.address, chain: 'sui:testnet', origin: 'https://dapp.example' },
    })),
    // The visitor's answer in the wallet's dialog, for the request it shows ('s', 't' or the site's 'h') or another.
    ...['s', 't', 'h', 'other'].flatMap((requestId) => [
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
        address: IDENTITY.address,
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
        address: IDENTITY.address,
        chain: 'sui:testnet',
        transaction: '{}',
        sender: null,
        gasOwner: null,
      },
    },
    // A dApp's enoki:getSession for this account: read without a dialog.
    { type: 'wallet.sign', request: { kind: 'getSession', requestId: 'g', address: IDENTITY.address, chain: 'sui:testnet' } },
    // A transaction for this account that names another sender.
    {
      type: 'wallet.sign',
      request: {
        kind: 'signTransaction',
        requestId: 't',
        address: IDENTITY.address,
        chain: 'sui:testnet',
        transaction: '{}',
        sender: `0x${'ef'.repeat(32)}`,
        gasOwner: null,
      },
    },
    ...(['empty', 'expired', 'unreadable'] as const).map((status) => done('restoreSession', { status })),
    done('restoreSession', { status: 'empty', pendingFlow: true }),
    ...(['signed-in', 'ready'] as const).map((status) => done('restoreSession', { status, ...longSession })),
    done('restoreSession', { status: 'signed-in', ...shortSession }),
    done('restoreSession', { status: 'signed-in', ...overSession }),
    done('restoreSession', { status: 'expired', provider: 'google' }),
    error('restoreSession', new Error('storage exploded')),
    done('prepareSignIn'),
    error('prepareSignIn', retryable),
    done('startSignIn', { url: 'https://idp.test/google', expiresAt: flowExpiresAt }),
    error('startSignIn', retryable),
    error('startSignIn', SignInError.invalidProvider('apple')),
    done('validateCallback', { jwt: new Secret('jwt'), provider: 'google' }),
    done('validateCallback', { jwt: new Secret('jwt'), provider: 'google', renewal: true }),
    error('validateCallback', SignInError.of('NONCE_MISMATCH')),
    done('fetchLogin', longSession),
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
      'navigationStalled.signIn.redirecting.navigating',
      'navigationStalled.signIn.account.renewal.due.leaving.going',
    ].map((timer) => ({ type: `xstate.after.${timer}` })),
  ];
};

/** An actor's two outcomes, as its events are named. */
const outcomesOf = (...ids: string[]) => ids.flatMap((id) => [`xstate.done.actor.${id}`, `xstate.error.actor.${id}`]);

const REGIONS = ['session', 'chain', 'wallet', 'renewal'] as const;
type Region = (typeof REGIONS)[number];

/** The events each of the account's regions takes for its own work. */
const REGION_EVENTS: Record<Region, Set<string>> = {
  session: new Set([
    'user.createProof',
    'user.signMessage',
    'user.verifySignature',
    'account.proofNeeded',
    ...outcomesOf('createProof', 'signMessage', 'verifySignature'),
  ]),
  chain: new Set([
    'user.refreshBalance',
    'account.executed',
    'user.requestTestSui',
    'user.send',
    'account.proofFailed',
    ...outcomesOf('loadBalance', 'requestTestSui', 'sendSui'),
  ]),
  wallet: new Set([
    'wallet.sign',
    'user.approve',
    'user.reject',
    'wallet.dialogFailed',
    'account.proofFailed',
    ...outcomesOf('previewTransaction', 'walletRequest'),
  ]),
  renewal: new Set([
    'user.renew',
    // A send while "Stay signed in" is due: the renewal waits for its answer.
    'user.send',
    'page.restored',
    'page.woke',
    'popup.opened',
    'popup.blocked',
    'popup.closed',
    'popup.callback',
    ...outcomesOf('startSignIn'),
    'xstate.after.untilRenewalOffer.signIn.account.renewal.later',
    'xstate.after.untilExpiry.signIn.account.renewal.due',
    'xstate.after.navigationStalled.signIn.account.renewal.due.leaving.going',
    'user.stopWaiting',
  ]),
};

/** The events that end or interrupt the account, whatever its regions are doing. */
const ACCOUNT_EVENTS = new Set([
  'user.signOut',
  'tab.signedOut',
  'user.dismiss',
  'url.fragment',
  'wallet.connect',
  'wallet.disconnect',
]);

/** Less than ten minutes left: the session offers "Stay signed in". */
const renewalDue = (snapshot: Snapshot) =>
  snapshot.context.expiresAt !== null && snapshot.context.expiresAt - Date.now() <= 10 * MINUTE;

/** Each region at rest: nothing under way (nor counted towards the wallet's pause), and no "Stay signed in" due. */
const AT_REST: Record<Region, (snapshot: Snapshot) => boolean> = {
  session: (s) => s.matches({ account: { session: 'signed-in' } }) || s.matches({ account: { session: { ready: 'waiting' } } }),
  chain: (s) => s.matches({ account: { chain: 'idle' } }),
  // A site whose requests the visitor rejected is counted on (towards a pause) until an approval.
  wallet: (s) => s.matches({ account: { wallet: 'waiting' } }) && s.context.walletRejections.length === 0,
  renewal: (s) => s.matches({ account: { renewal: 'later' } }) && !renewalDue(s),
};

/**
 * The events tried from a state. With every region of the account at rest, all of them;
 * while a region works, only its own events and those that end the account (a region
 * waiting for the proof has the session make it, so the session's events too). Every state
 * and transition of each region is still reached, without multiplying one region's states
 * by another's.
 */
function eventsFrom(snapshot: Snapshot, samples: AnyEvent[]): AnyEvent[] {
  if (!snapshot.matches('account')) return samples;
  // A session already over (a page waking from sleep): only what ends it. Everything else
  // the account does is walked with the sessions that are not over.
  if (isOver(snapshot.context.expiresAt)) return samples.filter((event) => REGION_EVENTS.renewal.has(event.type));
  const working = REGIONS.filter((region) => !AT_REST[region](snapshot));
  if (working.length === 0) return samples;
  const waitsForProof = (['chain', 'wallet'] as const).some((region) =>
    snapshot.matches({ account: { [region]: 'waiting-for-proof' } }),
  );
  if (waitsForProof) working.push('session');
  return samples.filter(
    (event) => ACCOUNT_EVENTS.has(event.type) || working.some((region) => REGION_EVENTS[region].has(event.type)),
  );
}

/**
 * What distinguishes states for the model's graph: the value plus the facts guards read.
 * The alert counts by whether there is one and whether it can be retried (the guards read
 * no more); which step it came from is checked on replay (`serializeState`).
 */
const graphKey = (snapshot: Snapshot) =>
  JSON.stringify({
    value: snapshot.value,
    failure: snapshot.context.failure && snapshot.context.failure.retryable,
    fragment: snapshot.context.fragment !== null,
    // What the node's guards read: a known balance (a send is checked against it), a send
    // waiting for the proof, a signature to verify again.
    balance: snapshot.context.balance !== null,
    pendingTransfer: snapshot.context.pendingTransfer !== null,
    signature: snapshot.context.signature !== null,
    walletRequest: snapshot.context.walletRequest?.kind ?? null,
    // What Approve reads: the dry run's verdict.
    walletPreview: snapshot.context.walletPreview?.status ?? null,
    // What the pause reads: how many of the site's last requests the visitor rejected (all
    // at one moment here, so three pause it; a replay takes each at its own moment).
    walletRejections: snapshot.context.walletRejections.length,
    // A sign-in window's flow: none, opened, or stored (then listened for once it is lost).
    signInWindow: snapshot.context.signInWindow && snapshot.context.signInWindow.expiresAt !== null,
    pendingFlow: snapshot.context.pendingFlow,
    proofStored: snapshot.context.proofStored,
    renewing: snapshot.context.renewing,
    renewalDue: renewalDue(snapshot),
    // What waking reads: the session's end already past.
    sessionOver: isOver(snapshot.context.expiresAt),
  });

/**
 * What a replayed step must match: the graph's facts; where the alert stands (part of the
 * state the visitor is in); and whether the session or a sign-in window's flow is already
 * over, which generation (on its frozen clock) never sees: a fixture made from another clock
 * than the replay's shows here.
 */
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify([
    graphKey(snapshot),
    snapshot.context.failure && snapshot.context.failure.step,
    { sessionOver: isOver(snapshot.context.expiresAt), flowOver: isOver(snapshot.context.signInWindow?.expiresAt) },
  ]);
const isOver = (moment: number | null | undefined) => moment != null && moment <= Date.now();

const INPUTS: SignInInput[] = [
  {},
  { fragment: new Secret('#id_token=x') },
  { signInMode: 'popup' },
  { signInMode: 'popup', pageStays: true },
];

/** Every state node defined in the machine, and every transition, each under a readable key. */
function definedMachine() {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    nodes.push(node);
    Object.values(node.states).forEach(visit);
  };
  visit(signInMachine.root);
  const keys = new Map<unknown, string>();
  const counts = new Map<string, number>();
  for (const node of nodes) {
    for (const t of [...[...node.transitions.values()].flat(), ...(node.always ?? [])]) {
      const base = `${t.source.id}|${t.eventType}`;
      const index = counts.get(base) ?? 0;
      counts.set(base, index + 1);
      keys.set(t, `${t.source.id} --${t.eventType}--> ${t.target?.map((n) => n.id).join(',') ?? '(self)'} [${index}]`);
    }
  }
  return { states: nodes.map((node) => node.id), keys };
}

/** The states with eventless transitions that entering `targets` passes through (by initial states, in every region). */
function transientStatesEntered(targets: readonly AnyStateNode[] | undefined): AnyStateNode[] {
  const entered = (node: AnyStateNode): AnyStateNode[] => [
    ...(node.always?.length ? [node] : []),
    ...(node.type === 'parallel' ? Object.values(node.states) : (node.initial?.target ?? [])).flatMap(entered),
  ];
  return (targets ?? []).flatMap(entered);
}

/**
 * One step of a path: the sample taken (by its place in `sampleEvents`), the snapshot it
 * leads to, and that snapshot as a replay must match it (`serializeState`), read on the
 * clock of generation.
 */
interface Step {
  event: number;
  state: Snapshot;
  expected?: string;
}
/** A path from an input's first snapshot, and the states and transitions it covers. */
interface ModelPath {
  input: SignInInput;
  initial: Snapshot;
  steps: Step[];
  covers: Set<string>;
}

const stateItem = (id: string) => `state ${id}`;
const transitionItem = (key: string) => `transition ${key}`;

/**
 * What a step covers: the states it lands in, the transitions it takes, and the transient
 * states it passes (left at once by their eventless transitions: they never rest in a
 * snapshot; each way out is covered when the snapshot lands in that way's target).
 */
function stepCoverage(keys: Map<unknown, string>, from: Snapshot, event: AnyEvent, next: Snapshot): string[] {
  const landed = new Set(next._nodes.map((node: AnyStateNode) => node.id));
  const items = [...landed].map(stateItem);
  for (const taken of signInMachine.getTransitionData(from, event as never)) {
    const key = keys.get(taken);
    if (key) items.push(transitionItem(key));
    for (const transient of transientStatesEntered(taken.target)) {
      items.push(stateItem(transient.id));
      for (const out of transient.always ?? []) {
        const outKey = keys.get(out);
        if (outKey && out.target?.every((node) => landed.has(node.id))) items.push(transitionItem(outKey));
      }
    }
  }
  return items;
}

/** What the first snapshot covers: its states, and the eventless transitions taken while it resolved. */
function initialCoverage(keys: Map<unknown, string>, initial: Snapshot): string[] {
  const landed = new Set(initial._nodes.map((node: AnyStateNode) => node.id));
  const items = [...landed].map(stateItem);
  for (const [t, key] of keys) {
    const { eventType, source, target } = t as { eventType: string; source: AnyStateNode; target?: AnyStateNode[] };
    if (eventType === '' && !landed.has(source.id) && target?.every((node) => landed.has(node.id)))
      items.push(transitionItem(key));
  }
  return items;
}

/**
 * For one input: the machine's graph (built once, by xstate/graph's breadth-first
 * traversal), the shortest path to each snapshot, and for every state and transition the
 * shortest path that covers it.
 */
function candidatePaths(input: SignInInput, samples: AnyEvent[], keys: Map<unknown, string>): ModelPath[] {
  const sampleIndex = new Map(samples.map((event, index) => [event, index]));
  const adjacency = getAdjacencyMap(signInMachine as never, {
    input,
    events: ((snapshot: Snapshot) => eventsFrom(snapshot, samples)) as never,
    serializeState: graphKey as never,
  }) as unknown as Record<string, { state: Snapshot; transitions: Record<string, { event: AnyEvent; state: Snapshot }> }>;

  const [rootKey, root] = Object.entries(adjacency)[0]!;
  // Breadth first from the first snapshot: each snapshot's shortest way there, and what it covers.
  const tree = new Map<string, { steps: Step[]; covers: Set<string> }>([
    [rootKey, { steps: [], covers: new Set(initialCoverage(keys, root.state)) }],
  ]);
  const shortest = new Map<string, ModelPath>();
  const offer = (item: string, path: ModelPath) => {
    const known = shortest.get(item);
    if (!known || known.steps.length > path.steps.length) shortest.set(item, path);
  };
  const rootPath = { input, initial: root.state, ...tree.get(rootKey)! };
  for (const item of rootPath.covers) offer(item, rootPath);
  const queue = [rootKey];
  for (let head = 0; head < queue.length; head++) {
    const from = queue[head]!;
    const { state } = adjacency[from]!;
    const prefix = tree.get(from)!;
    for (const { event, state: next } of Object.values(adjacency[from]!.transitions)) {
      const step = { event: sampleIndex.get(event)!, state: next };
      const covered = stepCoverage(keys, state, event, next);
      const path: ModelPath = {
        input,
        initial: root.state,
        steps: [...prefix.steps, step],
        covers: new Set([...prefix.covers, ...covered]),
      };
      for (const item of covered) offer(item, path);
      const to = graphKey(next);
      if (!tree.has(to)) {
        tree.set(to, { steps: path.steps, covers: path.covers });
        queue.push(to);
      }
    }
  }
  return [...new Set(shortest.values())];
}

/**
 * The fewest paths that cover every state and transition the candidates reach: greedily
 * the path that covers most of what is still uncovered, then each kept path dropped again
 * when the others cover all it does (a path that is a prefix of another is dropped so).
 */
function fewestPaths(candidates: ModelPath[]): ModelPath[] {
  const uncovered = new Set(candidates.flatMap((path) => [...path.covers]));
  const kept: ModelPath[] = [];
  const gain = (path: ModelPath) => [...path.covers].filter((item) => uncovered.has(item)).length;
  while (uncovered.size > 0) {
    const best = candidates.reduce((a, b) =>
      gain(b) > gain(a) || (gain(b) === gain(a) && b.steps.length > a.steps.length) ? b : a,
    );
    kept.push(best);
    for (const item of best.covers) uncovered.delete(item);
  }
  for (const path of [...kept].sort((a, b) => a.covers.size - b.covers.size)) {
    const others = kept.filter((other) => other !== path);
    const elsewhere = new Set(others.flatMap((other) => [...other.covers]));
    if ([...path.covers].every((item) => elsewhere.has(item))) kept.splice(kept.indexOf(path), 1);
  }
  return kept;
}

/**
 * A chosen path run again from its first snapshot, event by event: the graph merged
 * snapshots that differ only in what no guard reads (the alert's step), so each step's
 * snapshot, and what the path covers, are taken from this run of its own events.
 */
function materialize({ input, initial, steps }: ModelPath, samples: AnyEvent[], keys: Map<unknown, string>): ModelPath {
  const covers = new Set(initialCoverage(keys, initial));
  let state = initial;
  const replayed = steps.map(({ event }) => {
    const next = getNextSnapshot(signInMachine, state, samples[event] as never) as Snapshot;
    for (const item of stepCoverage(keys, state, samples[event]!, next)) covers.add(item);
    state = next;
    return { event, state: next, expected: serializeState(next) };
  });
  return { input, initial, steps: replayed, covers };
}

/**
 * The model: every state and transition defined, the paths that cover them, and what they
 * miss. Runs on the clock in place: the caller freezes it (fake timers), so that the graph
 * never depends on how long building it takes.
 */
function generateModel() {
  const { states, keys } = definedMachine();
  const generatedAt = Date.now();
  const samples = sampleEvents(generatedAt);
  const candidates = INPUTS.flatMap((input) => candidatePaths(input, samples, keys));
  const paths = fewestPaths(candidates).map((path) => materialize(path, samples, keys));
  const covered = new Set(paths.flatMap((path) => [...path.covers]));
  const transitions = [...new Set(keys.values())];
  return {
    generatedAt,
    paths,
    states,
    transitions,
    missingStates: states.filter((id) => !covered.has(stateItem(id))),
    missingTransitions: transitions.filter((key) => !covered.has(transitionItem(key))),
  };
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
      const delays = signInMachine.implementations.delays as Record<string, number | ((args: unknown) => number)>;
      const wait = delays[delay]!;
      await vi.advanceTimersByTimeAsync(typeof wait === 'number' ? wait : wait({ context: actor.getSnapshot().context }));
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

/**
 * Runs a path on a live actor, under fake timers already in place. Each step's sample is made
 * from the clock as the step is taken (a timer step moves it): generation took every step at
 * one moment, so each event holds the same time from now as it did there. Each step must
 * land where generation said.
 */
async function replay({ input, initial, steps }: ModelPath) {
  const { actor, perform } = liveActor(input);
  try {
    expect(actor.getSnapshot().value).toEqual(initial.value);
    for (const step of steps) {
      const event = sampleEvents(Date.now())[step.event]!;
      await perform(event);
      expect(actor.getSnapshot().value, `after ${event.type}`).toEqual(step.state.value);
      expect(serializeState(actor.getSnapshot()), `after ${event.type}`).toBe(step.expected);
    }
  } finally {
    actor.stop();
  }
}

const describePath = ({ input, steps }: ModelPath, samples: AnyEvent[]) =>
  [
    input.fragment ? 'load with fragment' : input.signInMode === 'popup' ? 'load (popup mode)' : 'load',
    ...steps.map((step) => samples[step.event]!.type.replace(/^xstate\./, '')),
  ].join(' → ');

/** The longest time any sample session or flow has left when made. */
const longestFixture = () => {
  const { flowExpiresAt, longSession, shortSession } = timedFixtures(0);
  return Math.max(flowExpiresAt, longSession.expiresAt, shortSession.expiresAt);
};

describe('signInMachine: model-based coverage', () => {
  afterEach(() => void vi.useRealTimers());
  vi.useFakeTimers();
  const model = generateModel();
  vi.useRealTimers();
  const samples = sampleEvents(0);

  it('covers every state and every transition defined in the machine, each path covering something no other does', () => {
    const { states, transitions, missingStates, missingTransitions, paths } = model;
    console.log(`states covered: ${states.length - missingStates.length}/${states.length}`);
    console.log(`transitions covered: ${transitions.length - missingTransitions.length}/${transitions.length}`);
    console.log(`generated paths: ${paths.length}`);
    expect(missingStates).toEqual([]);
    expect(missingTransitions).toEqual([]);
    // Each path covers something no other does, so none is a prefix of another.
    for (const path of paths) {
      const elsewhere = new Set(paths.filter((other) => other !== path).flatMap((other) => [...other.covers]));
      expect(
        [...path.covers].some((item) => !elsewhere.has(item)),
        describePath(path, samples),
      ).toBe(true);
    }
  });

  it('replays every path the same however long after generation it runs', async () => {
    vi.useFakeTimers({ now: model.generatedAt });
    // Past the end of every session and flow in the fixtures, as a slow generation could be.
    vi.advanceTimersByTime(longestFixture() + MINUTE);
    for (const path of model.paths) await replay(path);
  });

  it.each(model.paths.map((path, i) => [i, describePath(path, samples), path] as const))(
    'path %i: %s',
    async (_i, _description, path) => {
      vi.useFakeTimers();
      await replay(path);
    },
  );
});
