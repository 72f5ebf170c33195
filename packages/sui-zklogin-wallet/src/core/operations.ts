/**
 * The machine's operations: the work its states invoke, each a plain async function of its
 * input and of a signal that aborts when the machine stops it, returning plain data or
 * throwing a SignInError or a service's error.
 *
 * `OperationTypes` is the one list of them, with what each takes and gives. The machine's
 * actors are made from an implementation of it (`operationActors`), the runtime implements
 * it (operations/sign-in-runtime.ts), the app edge loads that lazily (`eachOperation`), and
 * the tests stub it: each is a `SignInOperations`, so a missing or extra operation, or one
 * of another type, fails the typecheck (operations.test.ts shows it).
 */
import { fromPromise } from 'xstate';
import type { Secret } from './secret.ts';
import type {
  ApprovedWalletRequest,
  BalanceOutput,
  CallbackOutput,
  RestoreOutput,
  SignedInSession,
  SignOutput,
  StartInput,
  StartOutput,
  TransactionPreview,
  Verification,
  WalletOutput,
  WalletRequest,
} from './sign-in.types.ts';
import type { TransferReceipt, TransferRequest } from './transfer.ts';

/** Each operation, as [output, input]. */
export interface OperationTypes {
  /** Reads storage and says what it holds; never throws. */
  restoreSession: [RestoreOutput, { discardPendingFlow: boolean }];
  /** Makes the ephemeral key and nonce ahead of a likely click, in memory only. */
  prepareSignIn: [void, void];
  /** Makes (or takes the prepared) ephemeral key and nonce, stores the session, returns the provider URL. */
  startSignIn: [StartOutput, StartInput];
  /** Runs the callback checks against the flow this tab started. */
  validateCallback: [CallbackOutput, { fragment: Secret<string> }];
  /** Gets address, salt and publicKey; stores the jwt and the sign-in state. */
  fetchLogin: [SignedInSession, { jwt: Secret<string> }];
  /** Requests the proof, checks it builds a signer for our address, stores it. */
  createProof: [void, void];
  /** Signs a personal message with the zkLogin signer. */
  signMessage: [SignOutput, { message: string }];
  /** Asks the Sui node whether the signature is valid for the address. */
  verifySignature: [Verification, { message: string; signature: string; address: string }];
  /** Reads the address's SUI balance from the Sui node. */
  loadBalance: [BalanceOutput, { address: string }];
  /** Asks the faucet for test SUI for the address (testnet and devnet). */
  requestTestSui: [string, { address: string }];
  /** Builds, signs (zkLogin) and executes a SUI transfer. */
  sendSui: [TransferReceipt, TransferRequest];
  /** Dry-runs a dApp's transaction on the node: what it will do, why it would fail, or why the node could not be asked. */
  previewTransaction: [TransactionPreview, WalletRequest];
  /** Signs an approved dApp request with the zkLogin signer (a transaction as built, and executed when asked, with the node). */
  walletRequest: [WalletOutput, ApprovedWalletRequest];
  /**
   * Clears sign-in state, session and native key: everywhere (the visitor's sign-out), or
   * this tab's only, the session that `ended` (or whatever storage holds, if it held none).
   */
  clearSession: [void, { everywhere: boolean; ended: { expiresAt: number } | null }];
}

export type OperationName = keyof OperationTypes;
export type OutputOf<K extends OperationName> = OperationTypes[K][0];
export type InputOf<K extends OperationName> = OperationTypes[K][1];

/** What a promise actor's creator receives, as far as the operations use it. */
export interface OperationArgs<I> {
  input: I;
  signal: AbortSignal;
}

export type Operation<O, I> = (args: OperationArgs<I>) => Promise<O>;

/** An implementation of every operation. */
export type SignInOperations = { [K in OperationName]: Operation<OutputOf<K>, InputOf<K>> };

/**
 * Every operation, made by `make` from its name: the one place that lists them as values
 * (the compiler holds it to `OperationTypes`: a name missing or extra here is an error).
 */
export function eachOperation(make: <K extends OperationName>(name: K) => Operation<OutputOf<K>, InputOf<K>>): SignInOperations {
  return {
    restoreSession: make('restoreSession'),
    prepareSignIn: make('prepareSignIn'),
    startSignIn: make('startSignIn'),
    validateCallback: make('validateCallback'),
    fetchLogin: make('fetchLogin'),
    createProof: make('createProof'),
    signMessage: make('signMessage'),
    verifySignature: make('verifySignature'),
    loadBalance: make('loadBalance'),
    requestTestSui: make('requestTestSui'),
    sendSui: make('sendSui'),
    previewTransaction: make('previewTransaction'),
    walletRequest: make('walletRequest'),
    clearSession: make('clearSession'),
  };
}

/** The machine's actors over `operations`: one promise actor each, by the operation's name. */
export function operationActors(operations: SignInOperations) {
  return {
    restoreSession: fromPromise(operations.restoreSession),
    prepareSignIn: fromPromise(operations.prepareSignIn),
    startSignIn: fromPromise(operations.startSignIn),
    validateCallback: fromPromise(operations.validateCallback),
    fetchLogin: fromPromise(operations.fetchLogin),
    createProof: fromPromise(operations.createProof),
    signMessage: fromPromise(operations.signMessage),
    verifySignature: fromPromise(operations.verifySignature),
    loadBalance: fromPromise(operations.loadBalance),
    requestTestSui: fromPromise(operations.requestTestSui),
    sendSui: fromPromise(operations.sendSui),
    previewTransaction: fromPromise(operations.previewTransaction),
    walletRequest: fromPromise(operations.walletRequest),
    clearSession: fromPromise(operations.clearSession),
  } satisfies Record<OperationName, unknown>;
}

export type OperationActors = ReturnType<typeof operationActors>;

/** Until the app edge provides them: each operation fails, naming itself. */
export const NOT_PROVIDED: SignInOperations = eachOperation((name) => async () => {
  throw new Error(`signInMachine: operation "${name}" was not provided`);
});
