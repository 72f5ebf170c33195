import type { SignInActorRef } from '../app/sign-in-actor.ts';
import { useContextValue, useStateName } from './use-sign-in.ts';

const STEPS = [
  { label: 'Choose a provider', states: ['restoring', 'idle', 'logged-out', 'redirecting'] },
  { label: 'Verify sign-in', states: ['callback-validating', 'fetching-login'] },
  { label: 'Signed in', states: ['signed-in', 'proving'] },
  { label: 'Ready to sign', states: ['ready'] },
];

/** Where the visitor is in the journey; after a failure, the step that failed. */
export function StepProgress({ actor }: { actor: SignInActorRef }) {
  const state = useStateName(actor);
  const failedStep = useContextValue(actor, (context) => context.failure?.step);
  const shown = state === 'failed' && failedStep ? (failedStep === 'signing' ? 'ready' : failedStep) : state;
  const current = STEPS.findIndex((step) => step.states.includes(shown));
  return (
    <ol className="steps" aria-label="Sign-in progress">
      {STEPS.map((step, index) => (
        <li
          key={step.label}
          className={index < current ? 'done' : index === current ? (state === 'failed' ? 'current failed' : 'current') : undefined}
          aria-current={index === current ? 'step' : undefined}
        >
          {step.label}
        </li>
      ))}
    </ol>
  );
}
