import type { SignInActorRef } from '../app/sign-in-actor.ts';
import { useStateName } from './use-sign-in.ts';

const STEPS = [
  { label: 'Choose a provider', states: ['restoring', 'idle', 'logged-out', 'redirecting'] },
  { label: 'Verify sign-in', states: ['callback-validating', 'fetching-login'] },
  { label: 'Signed in', states: ['signed-in', 'proving'] },
  { label: 'Ready to sign', states: ['ready'] },
];

/** Where the visitor is in the journey. `failed` keeps the step that failed unmarked. */
export function StepProgress({ actor }: { actor: SignInActorRef }) {
  const state = useStateName(actor);
  const current = STEPS.findIndex((step) => step.states.includes(state));
  return (
    <ol className="steps" aria-label="Sign-in progress">
      {STEPS.map((step, index) => (
        <li
          key={step.label}
          className={index < current ? 'done' : index === current ? 'current' : undefined}
          aria-current={index === current ? 'step' : undefined}
        >
          {step.label}
        </li>
      ))}
    </ol>
  );
}
