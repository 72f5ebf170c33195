// @vitest-environment jsdom
/**
 * Built-in mode's banner: in the page's header (before the card), on every screen, and only
 * on a built-in page. (That a real-mode build carries none of its text is the build's
 * `__SIGN_IN_CONFIG__.builtIn`; e2e/build-modes.spec.ts checks the page in both builds.)
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTransitionLog } from '../transition-log/transition-log.ts';
import { App } from './App.tsx';
import { account, actorAt, BUILT_IN_CONFIG } from '../../test-support/ui-harness.tsx';

afterEach(cleanup);

const renderApp = (actor: ReturnType<typeof actorAt>, config = BUILT_IN_CONFIG) =>
  render(<App actor={actor} config={config} transitionLog={async () => createTransitionLog()} />);

describe("built-in mode's banner", () => {
  it('says the page is a demo, in the header, before the card', () => {
    renderApp(actorAt({ idle: 'cold' }));
    const banner = within(screen.getByRole('banner')).getByText(/built-in mode/);
    expect(banner.closest('p')!.textContent).toBe(
      'Demo · built-in mode: test identities and mock services, no real account or coin.',
    );
    expect(banner.compareDocumentPosition(screen.getByRole('main')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('stays with the account, whose screens push the footer out of view', async () => {
    await act(async () => renderApp(actorAt({ account: { session: 'signed-in', chain: 'idle', wallet: 'waiting' } }, account())));
    expect(within(screen.getByRole('banner')).getByText(/built-in mode/)).toBeTruthy();
  });

  it('is not on a real-mode page', () => {
    renderApp(actorAt({ idle: 'cold' }), { ...BUILT_IN_CONFIG, builtIn: false });
    expect(screen.queryByText(/built-in mode/)).toBeNull();
  });
});
