import type { SignInActorRef } from '../app/sign-in-actor.ts';
import { useStateName } from './use-sign-in.ts';

const STEPS = [
  { label: 'Choose a provider', states: ['restoring', 'idle', 'logged-out', 'redirecting'] },
  // `failed` is the login lookup that failed: this step, marked red.
  { label: 'Verify sign-in', states: ['callback-validating', 'fetching-login', 'failed'] },
  { label: 'Signed in', states: ['signed-in', 'proving'] },
  { label: 'Ready to sign', states: ['ready'] },
];

/** Where the visitor is in the journey; a failed login lookup marks its step. */
export function StepProgress({ actor }: { actor: SignInActorRef }) {
  const state = useStateName(actor);
  const current = STEPS.findIndex((step) => step.states.includes(state));
  return (
    <ol className="steps" aria-label="Sign-in progress">
      {STEPS.map((step, index) => (
        <li
          key={step.label}
          className={
            index < current ? 'done' : index === current ? (state === 'failed' ? 'current failed' : 'current') : undefined
          }
          aria-current={index === current ? 'step' : undefined}
        >
          {step.label}
        </li>
      ))}
    </ol>
  );
}
