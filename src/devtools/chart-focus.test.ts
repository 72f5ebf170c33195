import { describe, expect, it } from 'vitest';
import { signInMachine } from '../../packages/sui-zklogin-wallet/src/core/sign-in.machine.ts';
import { followView, nextStateIds, READABLE_ZOOM, shortStatePath, topLevelOf } from './chart-focus.ts';
import type { ChartLayout } from './layout.ts';
import { activeNodeIds, machineGraph } from './machine-graph.ts';

const graph = machineGraph(signInMachine);
const active = (path: string) => new Set(activeNodeIds('signIn', path));
const node = (id: string, x: number, y: number, width: number, height: number) => ({
  id,
  label: id.split('.').at(-1)!,
  compound: false,
  initial: false,
  x,
  y,
  width,
  height,
});

describe('the states the machine can go to next', () => {
  it("are its active states' transitions' targets, from every active level", () => {
    const next = nextStateIds(graph, active('idle.cold'));
    expect(next.has('signIn.redirecting.preparing')).toBe(true);
    expect(next.has('signIn.callback-validating')).toBe(true);
    expect(next.has('signIn.idle.cold')).toBe(false);
  });

  it('leave out the states it is already in', () => {
    const now = active('account.session.signed-in + account.chain.idle + account.wallet.waiting + account.renewal.later');
    const next = nextStateIds(graph, now);
    expect(next.has('signIn.account.session.proving')).toBe(true);
    expect(next.has('signIn.logged-out')).toBe(true);
    for (const id of now) expect(next.has(id)).toBe(false);
  });
});

describe('the default view follows the machine', () => {
  const layout: ChartLayout = {
    width: 3000,
    height: 4000,
    edges: [],
    nodes: [
      node('signIn.idle', 100, 100, 400, 200),
      node('signIn.idle.cold', 120, 150, 200, 60),
      node('signIn.redirecting', 100, 400, 400, 200),
      node('signIn.account', 0, 1000, 3000, 2500),
      node('signIn.account.chain.idle', 2500, 3000, 200, 60),
    ],
  };
  const frame = { width: 650, height: 400 };

  it('fits a small step and where it leads in the frame, never past its drawn size', () => {
    const view = followView(layout, { active: active('idle.cold'), next: new Set(['signIn.redirecting']) }, frame);
    // idle and redirecting together: 400 × 500 units, in a 650 × 400 frame.
    expect(view.zoom).toBeCloseTo(0.8);
    expect(view.center).toEqual({ x: 300, y: 350 });
    expect(followView(layout, { active: active('idle.cold'), next: new Set() }, { width: 2000, height: 2000 }).zoom).toBe(1);
  });

  it('never goes below a readable zoom, and then centres on where the machine just went', () => {
    const view = followView(
      layout,
      { active: active('account.chain.idle'), next: new Set(), focus: 'signIn.account.chain.idle' },
      frame,
    );
    expect(view.zoom).toBe(READABLE_ZOOM);
    expect(view.center).toEqual({ x: 2600, y: 3030 });
    // A state name of 30 units is then at least 11 px high.
    expect(30 * view.zoom).toBeGreaterThanOrEqual(11);
  });

  it("names the journey's step of any state", () => {
    expect(topLevelOf('signIn.account.chain.idle')).toBe('signIn.account');
    expect(topLevelOf('signIn.idle')).toBe('signIn.idle');
  });
});

describe('a state path on one line of the log', () => {
  it("a parallel state's regions by their own states", () => {
    expect(
      shortStatePath(
        'account.session.signed-in + account.chain.loading-balance + account.wallet.waiting + account.renewal.later',
      ),
    ).toBe('signed-in · loading-balance · waiting · later');
  });

  it('a long single path by its last two names; a short one whole', () => {
    expect(shortStatePath('redirecting.preparing')).toBe('redirecting.preparing');
    expect(shortStatePath('account.session.ready.signing.working')).toBe('…signing.working');
  });
});
