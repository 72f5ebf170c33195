// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BreakAtDots } from './TransitionLogView.tsx';

afterEach(cleanup);

describe('BreakAtDots', () => {
  it('lets a dotted name wrap after each dot only, its text unchanged', () => {
    const { container } = render(
      <code>
        <BreakAtDots text="xstate.done.actor.loadBalance" />
      </code>,
    );
    expect(container.textContent).toBe('xstate.done.actor.loadBalance');
    expect(container.querySelectorAll('wbr')).toHaveLength(3);
    // Each break opportunity follows a dot.
    for (const wbr of container.querySelectorAll('wbr')) expect(wbr.previousSibling?.textContent?.endsWith('.')).toBe(true);
  });

  it('adds nothing to a name without dots', () => {
    const { container } = render(<BreakAtDots text="idle" />);
    expect(container.textContent).toBe('idle');
    expect(container.querySelectorAll('wbr')).toHaveLength(0);
  });
});
