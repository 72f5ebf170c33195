/**
 * The actor implementations of signInMachine, wired: each is one domain operation (a plain
 * async function that returns plain data and throws a SignInError or a service's error),
 * one file per step of the journey, as dapp-kit-core keeps one file per action:
 *   restore.ts   what storage holds, at load
 *   start.ts     the key, the nonce (made ahead, at intent) and the stored session
 *   callback.ts  the provider's answer checked, then the login lookup, checked too
 *   proof.ts     Create proof, and the signer every signature uses
 *   sign-out.ts  the end of a session, here or everywhere
 * and the node's work beside the account: the account's own (chain-operations.ts) and a
 * dApp's requests (wallet-operations.ts), over one node (sui-node.ts). Their list, with each one's
 * input and output, is the machine's (core/operations.ts): `createSignInOperations`
 * is held to it by the compiler. The page loads this module lazily, as the sign-in
 * runtime (runtime/sign-in-actor.ts), so that none of this is on the first page.
 */
import type { SignInOperations } from '../core/operations.ts';
import type { WalletConfig } from '../config.ts';
import { createCallback } from './callback.ts';
import { createChainOperations } from './chain-operations.ts';
import { createSuiNode } from './sui-node.ts';
import { createWalletOperations } from './wallet-operations.ts';
import { createDependencies, type SignInDependencies } from './dependencies.ts';
import { readStored } from '../storage/session-store.ts';
import { createProofSteps, preloadProofCheck, preloadSignerCode } from './proof.ts';
import { createRestore } from './restore.ts';
import { createSignOut } from './sign-out.ts';
import { createStart } from './start.ts';
import { createWalletAccountRead, createWalletSessionRead } from './wallet-session.ts';

/** Every operation of the machine (core/operations.ts) over `deps`, and the preparation of the next signature. */
function createSignInParts(deps: SignInDependencies) {
  const { abandonLookup, validateCallback, fetchLogin } = createCallback(deps);
  const node = createSuiNode(deps.config);
  const { currentSigner, forgetSigner, createProof, signMessage } = createProofSteps(deps, async (input) =>
    (await node.reads()).verifyPersonalMessage(input),
  );
  const { prepareSignIn, startSignIn } = createStart(deps);
  const chain = createChainOperations({ node, signer: currentSigner });
  const wallet = createWalletOperations({
    node,
    signer: currentSigner,
    walletSession: createWalletSessionRead(deps),
    walletAccount: createWalletAccountRead(deps),
  });
  const operations: SignInOperations = {
    restoreSession: createRestore(deps),
    prepareSignIn,
    startSignIn,
    validateCallback,
    fetchLogin,
    createProof,
    signMessage,
    verifySignature: chain.verifySignature,
    loadBalance: chain.loadBalance,
    requestTestSui: chain.requestTestSui,
    sendSui: chain.sendSui,
    previewTransaction: wallet.previewTransaction,
    walletRequest: wallet.walletRequest,
    clearSession: createSignOut(deps, () => {
      forgetSigner();
      abandonLookup();
    }),
  };
  /**
   * Another tab signed out everywhere: the key vault is empty now, so this page's master key
   * and signer, read from it, are dropped whatever this tab is doing. A tab whose own clear
   * keeps its storage (another window's session, a flow it left) would otherwise seal its
   * next sign-in with a key no reload can find.
   */
  const forgetKeys = () => {
    deps.encryption.forget();
    forgetSigner();
  };
  /**
   * Gets the next signature ready without making it: fetches the signing code and, when the
   * stored session has a proof, builds its signer, kept for the signature (which still reads
   * storage afresh, and builds another signer if the session changed meanwhile). Nothing is
   * signed. The hosted wallet's window needs this most: it is a fresh page at each request, and
   * building the signer there (the key from the vault) would otherwise wait for the Approve.
   */
  const prepareSigning = (): Promise<void> => {
    preloadSignerCode();
    // With a proof, its signer; before one, the check of the proof to come and its issuer's
    // keys. No session, or an expired one: there is nothing to prepare, and nothing to say.
    return readStored(deps.sessions)
      .then(({ session }) => {
        if (session?.proof) return currentSigner().then(() => {});
        if (session?.jwt) return preloadProofCheck(session.jwt, deps.config.zkLoginVerifyingKey);
      })
      .catch(() => {});
  };
  return { operations, prepareSigning, forgetKeys };
}

/** Every operation of the machine (core/operations.ts) over `deps`. */
export const createSignInOperations = (deps: SignInDependencies): SignInOperations => createSignInParts(deps).operations;

/**
 * The sign-in runtime: the operations over this page's storage, key vault, login service
 * and node, made once this chunk has loaded (runtime/sign-in-actor.ts).
 */
export function createSignInRuntime(config: WalletConfig, dependencies: SignInDependencies = createDependencies(config)) {
  const { operations, prepareSigning, forgetKeys } = createSignInParts(dependencies);
  return {
    operations,
    /** Another tab signed out: listen once the runtime exists (before, there is nothing to clear); returns what stops listening. */
    onSignOutElsewhere: (listener: () => void) =>
      dependencies.tabs.onSignOut(() => {
        forgetKeys();
        listener();
      }),
    /** Ahead of the clicks that sign: the signing code, and the stored session's signer (the key's code is in this chunk). */
    prepareSigning,
  };
}

export type SignInRuntime = ReturnType<typeof createSignInRuntime>;
