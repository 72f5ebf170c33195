import { useHasTag } from './use-sign-in.ts';

const STEPS = ['Choose a provider', 'Verify sign-in', 'Signed in', 'Ready to sign'];

/** A label whose hyphenated words never break at the hyphen ("sign-" above "in" on a phone): spaces only. */
function unbrokenWords(label: string) {
  return label.split(/(\S+-\S+)/).map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} className="nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/** Where the visitor is in the journey, from the state's tags; a failed login lookup marks its step. */
export function StepProgress() {
  const verifying = useHasTag('verifying-sign-in');
  const hasAccount = useHasTag('has-account');
  const hasProof = useHasTag('has-proof');
  const loginFailed = useHasTag('login-failed');
  const current = hasProof ? 3 : hasAccount ? 2 : verifying ? 1 : 0;
  return (
    <ol className="steps" aria-label="Sign-in progress">
      {STEPS.map((label, index) => (
        <li
          key={label}
          className={index < current ? 'done' : index === current ? (loginFailed ? 'current failed' : 'current') : undefined}
          aria-current={index === current ? 'step' : undefined}
        >
          {unbrokenWords(label)}
        </li>
      ))}
    </ol>
  );
}
