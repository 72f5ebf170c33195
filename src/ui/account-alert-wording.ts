/**
 * The headlines beside an account, with its screens (off the first page), by the rules
 * of alert-wording.ts: the visitor hears first that nothing changed, when nothing did.
 */
import type { FailedStep } from '../../packages/sui-zklogin-wallet/src/core/sign-in.types.ts';
import { cancelledWording, signedOutWording, type Wording } from './alert-wording.ts';

/** Failures of the node's work: the chain panel shows them beside the control that failed. */
const isSendStep = (step: FailedStep) => step === 'sending' || step === 'proving-for-send';
const isChainStep = (step: FailedStep) => step === 'funding' || isSendStep(step);
/** Which failure each part of the account shows (StepAlert's `shows`). */
export const ALERT_PLACES = {
  card: (step: FailedStep) => !isChainStep(step),
  funding: (step: FailedStep) => step === 'funding',
  sending: isSendStep,
};

const ACCOUNT_TITLES: Partial<Record<FailedStep, string>> = {
  renewing: 'Your session was not renewed',
  proving: 'Could not create the proof',
  signing: 'Could not sign the message',
  funding: 'Could not get test SUI',
  sending: 'Could not send SUI',
  'proving-for-send': 'Nothing was sent: the proof a send needs could not be created',
};

export const accountWording: Wording = (failure) => {
  const cancelled = cancelledWording(failure);
  if (cancelled) return { headline: `${cancelled.headline}: you are still signed in`, notice: true };
  if (failure.step === 'callback-validating') {
    // A callback beside an account is never a new sign-in: a stray or replayed link, which
    // the machine refuses itself (harmless), or the answer to "Stay signed in", refused:
    // then the session was not renewed, and still ends.
    return failure.code === 'FLOW_NOT_STARTED'
      ? { headline: 'A sign-in link was ignored: you are still signed in', notice: true }
      : { headline: ACCOUNT_TITLES.renewing! };
  }
  // Sent, but its answer lost and the transfer not found since: "could not send" may be untrue.
  if (failure.code === 'SUI_NODE_OUTCOME_UNKNOWN') return { headline: 'Your SUI may have been sent' };
  return { headline: ACCOUNT_TITLES[failure.step] ?? signedOutWording(failure).headline };
};
