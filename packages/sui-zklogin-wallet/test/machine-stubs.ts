/**
 * Stub actors for signInMachine tests: each does nothing and succeeds, unless a test
 * overrides it. Shared by the transition tests and the model-based tests.
 *
 * Time: no fixture here holds a moment made when this module loads. A session's end is made
 * from the clock when `session()`, `walletSession()` or `snapshotAt()` is called, or when a
 * stub actor runs: a test calls them when it runs (after setting any fake clock), and makes
 * a moment it compares twice once, passing it where the stubs would make their own.
 */
import { type AnyActorRef, type EventObject, fromCallback, fromPromise } from 'xstate';
import { initialContext } from '../src/core/context.ts';
import { journeyStep } from '../src/core/journey.ts';
import { Secret } from '../src/core/secret.ts';
import { operationActors, type SignInOperations } from '../src/core/operations.ts';
import { signInMachine } from '../src/core/sign-in.machine.ts';
import type {
  ApprovedWalletRequest,
  SignInContext,
  PopupCommand,
  SignInEvent,
  RestoreOutput,
  SignedInSession,
  TransactionPreview,
  WalletAnswer,
  WalletOutput,
  WalletSession,
} from '../src/core/sign-in.types.ts';

/**
 * The account's states at rest (the chain's region idle, the wallet's waiting, the session's
 * end more than ten minutes away), by the session's step; and while a message is signed.
 */
export const SIGNED_IN = { account: { session: 'signed-in', chain: 'idle', wallet: 'waiting', renewal: 'later' } } as const;
export const PROVING = { account: { session: 'proving', chain: 'idle', wallet: 'waiting', renewal: 'later' } } as const;
export const READY = { account: { session: { ready: 'waiting' }, chain: 'idle', wallet: 'waiting', renewal: 'later' } } as const;
export const SIGNING = {
  account: { session: { ready: 'signing' }, chain: 'idle', wallet: 'waiting', renewal: 'later' },
} as const;
/** What `snapshot.matches` takes for the account at the session's `step`. */
export const inAccount = (step: 'signed-in' | 'proving' | 'ready') => ({ account: { session: step } }) as const;

type StateValue = Parameters<typeof signInMachine.resolveState>[0]['value'];

const DAY = 86_400_000;

/** Who the stubs sign in: the account's provider, address and public key (no moment: its end comes from `session()`). */
export const IDENTITY = { provider: 'google', address: `0x${'ab'.repeat(32)}`, publicKey: 'AAECAw==' } as const;

/** IDENTITY's signed-in session, ending a day after the clock when called, with `overrides`. */
export const session = (overrides: Partial<SignedInSession> = {}): SignedInSession => ({
  ...IDENTITY,
  expiresAt: Date.now() + DAY,
  ...overrides,
});

/** The stored session a dApp's `enoki:getSession` reads, ending a day after the clock when called, with `overrides`. */
export const walletSession = (overrides: Partial<WalletSession> = {}): WalletSession => ({
  jwt: 'header.payload.signature',
  maxEpoch: 12,
  randomness: '42',
  expiresAt: Date.now() + DAY,
  ...overrides,
});

/**
 * A snapshot of the machine at `value` with `context`, without running anything. At ready
 * the proof is stored, as the machine itself would have it there; an account's session
 * ends a day after the clock when this is called, unless `context` says otherwise.
 */
export function snapshotAt(value: StateValue, context: Partial<SignInContext> = {}) {
  const base = initialContext(undefined);
  const proofStored = journeyStep(value as never) === 'ready';
  const account = typeof value === 'object' && 'account' in value ? { expiresAt: session().expiresAt } : {};
  return signInMachine.resolveState({ value, context: { ...base, proofStored, ...account, ...context } });
}

/** A dry run's answer: 0.25 SUI and its gas leave this account for another address. */
export const PREVIEW: TransactionPreview = {
  status: 'ok',
  bytes: 'dHg=',
  changes: [{ coinType: '0x2::sui::SUI', amount: '-251996000' }],
  recipients: [{ address: `0x${'cd'.repeat(32)}`, coinType: '0x2::sui::SUI', amount: '250000000' }],
  objectsOut: [],
  gasBudget: '3976000',
};

/** Every operation, doing nothing and succeeding (held to the machine's list by the compiler). */
export const stubOperations: SignInOperations = {
  restoreSession: async () => ({ status: 'empty' }),
  prepareSignIn: async () => {},
  startSignIn: async ({ input }) => ({
    url: `https://idp.test/${input.provider}${input.state ? `?state=${input.state}` : ''}`,
    expiresAt: Date.now() + DAY,
  }),
  validateCallback: async () => ({ jwt: new Secret('jwt'), provider: 'google' }),
  fetchLogin: async () => session(),
  createProof: async () => {},
  signMessage: async ({ input }) => ({ signature: `sig(${input.message})`, message: input.message }),
  verifySignature: async () => ({ status: 'verified' }),
  /** Two SUI, in MIST. */
  loadBalance: async () => ({ balance: '2000000000' }),
  requestTestSui: async () => '1000000000',
  sendSui: async ({ input }) => ({ ...input, digest: 'Digest1111' }),
  /** A transfer of 0.25 SUI to another address, with its gas. */
  previewTransaction: async () => PREVIEW,
  /** A dApp's session read gives a walletSession() made when it runs. */
  walletRequest: async ({ input }) => walletAnswer(input, walletSession()),
  clearSession: async () => {},
};

export const stubActors = {
  ...operationActors(stubOperations),
  /** A sign-in window that opens and then waits: tests send its events themselves. */
  popupWindow: fromCallback<PopupCommand, void, SignInEvent>(({ sendBack }) => {
    sendBack({ type: 'popup.opened', flowId: 'flow-1' });
  }),
  /** A lost window's flow, listened for: tests send its answer themselves. */
  popupAnswer: fromCallback<EventObject, { flowId: string }, SignInEvent>(() => {}),
};

export type StubActors = typeof stubActors;

/**
 * A restore that finds `found`: a session() made when the restore runs, at that step; nothing
 * ('empty'); or exactly the output given (a test that compares the session's end gives its own).
 */
export const restoresTo = (found: 'signed-in' | 'ready' | 'empty' | RestoreOutput) =>
  fromPromise<RestoreOutput, { discardPendingFlow: boolean }>(async () =>
    typeof found !== 'string' ? found : found === 'empty' ? { status: 'empty' } : { status: found, ...session() },
  );

/** The stub walletRequest's answer to `input`: a session read gives `stored`. */
function walletAnswer(input: ApprovedWalletRequest, stored: WalletSession): WalletOutput {
  return input.kind === 'getSession'
    ? { session: new Secret(stored) }
    : input.kind === 'connect'
      ? { account: { provider: IDENTITY.provider, address: input.address, publicKey: IDENTITY.publicKey } }
      : { bytes: input.kind === 'signPersonalMessage' ? input.message : 'dHg=', signature: `signed:${input.requestId}` };
}

/** The stub walletRequest, whose session read gives `stored` (a test's own walletSession(), to compare with). */
export const walletRequestGiving = (stored: WalletSession) =>
  fromPromise<WalletOutput, ApprovedWalletRequest>(async ({ input }) => walletAnswer(input, stored));

/** The machine with stub actors, a recording navigate, clearFragment and stopNavigation. */
export function stubbedMachine(overrides: Partial<StubActors> = {}, record: string[] = []) {
  return signInMachine.provide({
    actors: { ...stubActors, ...overrides },
    actions: {
      navigate: (_, params) => void record.push(`navigate ${params.url}`),
      clearFragment: () => void record.push('clearFragment'),
      stopNavigation: () => void record.push('stopNavigation'),
    },
  });
}

/** An actor implementation that fails with `error`. */
export const failing = <T, I>(error: unknown) => fromPromise<T, I>(async () => Promise.reject(error));

/**
 * Has the account's wallet sign a dApp's personal message (`message`, base64), the visitor
 * approving it, and returns the machine's answer once it is given; it fails unless the
 * message was signed (a refusal, or a request never taken, is not a signature).
 */
export async function signApprovedMessage(actor: AnyActorRef, message: string): Promise<WalletOutput> {
  const request = {
    kind: 'signPersonalMessage',
    requestId: 'm',
    address: IDENTITY.address,
    chain: 'sui:testnet',
    message,
  } as const;
  const answered = new Promise<WalletAnswer>((resolve) => {
    const subscription = actor.on('wallet.answer', (answer: WalletAnswer) => {
      if (answer.requestId !== 'm') return;
      subscription.unsubscribe();
      resolve(answer);
    });
  });
  actor.send({ type: 'wallet.sign', request } satisfies SignInEvent);
  actor.send({ type: 'user.approve', requestId: 'm' } satisfies SignInEvent);
  const answer = await answered;
  if (!answer.ok || !answer.output) throw new Error(`signApprovedMessage: not signed (${JSON.stringify(answer)})`);
  return answer.output;
}
