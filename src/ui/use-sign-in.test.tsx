// @vitest-environment jsdom
/**
 * The hooks' reading of the machine: a component renders again when what it reads
 * changes, not at every transition; a selector that builds a new object never loops; a
 * selector that changes between renders is read again; the subscription ends with the
 * component.
 */
import { act, cleanup } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../test-support/ui-harness.tsx';
import { useSnapshotValue, useJourneyStep } from './use-sign-in.ts';

afterEach(cleanup);

describe('useSnapshotValue', () => {
  it('renders again when the selected value changes, not at every transition', () => {
    const seen: string[] = [];
    function StateName() {
      const state = useJourneyStep();
      seen.push(state);
      return <p>{state}</p>;
    }
    const { actor, container } = renderAt({ idle: 'cold' }, {}, <StateName />);
    expect(container.textContent).toBe('idle');
    // idle.cold → idle.preparing: a transition, the same top-level state.
    act(() => actor.send({ type: 'user.intent' }));
    expect(actor.getSnapshot().value).toEqual({ idle: 'preparing' });
    expect(seen).toEqual(['idle']);
    act(() => actor.send({ type: 'user.signIn', provider: 'google' }));
    expect(container.textContent).toBe('redirecting');
    expect(seen).toEqual(['idle', 'redirecting']);
  });

  it('a selector that builds a new object renders once per transition, never in a loop', () => {
    let renders = 0;
    function Pair() {
      const pair = useSnapshotValue((snapshot) => ({ state: snapshot.value, failure: snapshot.context.failure }));
      renders += 1;
      return <p>{JSON.stringify(pair.state)}</p>;
    }
    const { actor, container } = renderAt({ idle: 'cold' }, {}, <Pair />);
    expect(renders).toBe(1);
    act(() => actor.send({ type: 'user.intent' }));
    expect(container.textContent).toBe('{"idle":"preparing"}');
    expect(renders).toBe(2);
  });

  it('a selector that changes between renders is read again at once, on the same snapshot', () => {
    let setSuffix: (suffix: string) => void = () => {};
    function Labelled() {
      const [suffix, set] = useState('!');
      setSuffix = set;
      return <p>{useSnapshotValue((snapshot) => `${snapshot.context.provider}${suffix}`)}</p>;
    }
    const { container } = renderAt(
      { account: { session: 'signed-in', chain: 'idle', wallet: 'waiting' } },
      { provider: 'google' },
      <StrictMode>
        <Labelled />
      </StrictMode>,
    );
    expect(container.textContent).toBe('google!');
    act(() => setSuffix('?'));
    expect(container.textContent).toBe('google?');
  });

  it('stops listening to the machine when the component goes', () => {
    function StateName() {
      return <p>{useJourneyStep()}</p>;
    }
    const { actor, unmount } = renderAt({ idle: 'cold' }, {}, <StateName />);
    const observers = (actor as unknown as { observers: Set<unknown> }).observers;
    expect(observers.size).toBe(1);
    unmount();
    expect(observers.size).toBe(0);
  });
});
