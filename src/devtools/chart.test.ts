import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createMachine, type AnyStateNode } from 'xstate';
import { signInMachine } from '../../packages/sui-zklogin-wallet/src/core/sign-in.machine.ts';
import { CHART_FILES, generateChart } from './chart.ts';
import { labelLines } from './layout.ts';
import { findEdge, machineGraph } from './machine-graph.ts';
import { eventTable, stateTable } from './tables.ts';

/** The top-level states in the order a visitor meets them. */
const JOURNEY = [
  'restoring',
  'idle',
  'redirecting',
  'callback-validating',
  'fetching-login',
  'account',
  'account.session.signed-in',
  'account.session.proving',
  'account.session.ready',
  'logged-out',
];

describe('the chart that documents itself', () => {
  it('the committed docs match the machine (run `npm run chart` after changing it)', async () => {
    const chart = await generateChart();
    expect(await readFile(CHART_FILES.markdown, 'utf8'), CHART_FILES.markdown).toBe(chart.markdown);
    expect(await readFile(CHART_FILES.svg, 'utf8'), CHART_FILES.svg).toBe(chart.svg);
  });

  it('draws every state and transition of the machine definition', async () => {
    const graph = machineGraph(signInMachine);
    const states = [...JOURNEY, 'failed'];
    for (const state of states) expect(graph.nodes.map((n) => n.id)).toContain(`signIn.${state}`);
    const { svg, markdown } = await generateChart();
    for (const node of graph.nodes) expect(svg).toContain(`data-state="${node.id}"`);
    for (const edge of graph.edges) expect(svg).toContain(`data-edge="${edge.id.replace(/>/g, '&gt;')}"`);
    // Every transition (and every target of one) of the machine is on some edge.
    const targets = (node: AnyStateNode): number =>
      [...[...node.transitions.values()].flat(), ...(node.always ?? [])].reduce((sum, t) => sum + (t.target?.length ?? 0), 0) +
      Object.values(node.states).reduce((sum: number, child) => sum + targets(child as AnyStateNode), 0);
    expect(graph.edges.flatMap((edge) => edge.events)).toHaveLength(targets(signInMachine.root));
    expect(markdown).toContain('callback_validating --> fetching_login: done validateCallback');
  });

  it('finds the edge a logged transition took', () => {
    const graph = machineGraph(signInMachine);
    const edge = findEdge(graph, 'signIn', { event: 'user.retry', from: 'failed', to: 'fetching-login' });
    expect(edge).toMatchObject({ source: 'signIn.failed', target: 'signIn.fetching-login', label: 'user.retry [canRetry]' });
  });

  it('documents every state with its description, and every event with its sender and where it leads', async () => {
    const { markdown } = await generateChart();
    for (const node of machineGraph(signInMachine).nodes) {
      expect(markdown).toContain(`| \`${node.id.split('.').slice(1).join('.')}\` | `);
    }
    expect(markdown).toContain('| `user.dismiss` | the visitor: the alert\'s "Dismiss" | stays in `idle` if hasFailure');
    expect(markdown).toContain(
      "| `wallet.disconnect` | a dApp: a wallet's standard:disconnect | `account` → `logged-out` if ownWallet<br>stays in `account` |",
    );
  });

  it("writes an edge's label one event a line, each guard on a line of its own under its event", () => {
    expect(labelLines('popup.blocked [pageStays] · popup.closed')).toEqual(['popup.blocked', '[pageStays]', 'popup.closed']);
    expect(labelLines('done: restoreSession [restoredAs(ready)]')).toEqual(['done: restoreSession', '[restoredAs(ready)]']);
  });

  it('refuses a state without a description, and an event nobody is said to send', () => {
    const undocumented = createMachine({ id: 'x', initial: 'a', states: { a: { on: { 'mystery.event': 'b' } }, b: {} } });
    expect(() => stateTable(undocumented)).toThrow('tables: state "x.a" has no description');
    expect(() => eventTable(undocumented)).toThrow('tables: no sender is documented for "mystery.event"');
  });

  it('reads in journey order, top to bottom, with an aspect ratio between 1:2 and 2.5:1', async () => {
    const { svg } = await generateChart();
    const [, width, height] = /width="([\d.]+)" height="([\d.]+)"/.exec(svg)!.map(Number);
    expect(width! / height!).toBeGreaterThanOrEqual(0.5);
    expect(width! / height!).toBeLessThanOrEqual(2.5);
    const top = (state: string) =>
      Number(
        new RegExp(`data-state-id="signIn\\.${state.replace(/\./g, '\\.')}">\\n<rect x="[\\d.]+" y="([\\d.]+)"`).exec(svg)![1],
      );
    const journey = JOURNEY;
    const tops = journey.map(top);
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    expect(new Set(tops).size).toBe(journey.length);
    // At the README's width (about 900 px) a state's name is still at least 9 px high.
    const stateFont = Number(/font-size="([\d.]+)" font-weight="600"/.exec(svg)![1]);
    expect((stateFont * 900) / width!).toBeGreaterThanOrEqual(9);
  });
});
