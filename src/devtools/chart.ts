/**
 * The chart that documents itself: docs/sign-in-machine.md (Mermaid) and
 * docs/sign-in-machine.svg (ELK layout), both generated from signInMachine's definition.
 */
import { signInMachine } from '../../packages/sui-zklogin-wallet/src/core/sign-in.machine.ts';
import { layoutGraph } from './layout.ts';
import { machineGraph } from './machine-graph.ts';
import { toMermaid } from './mermaid.ts';
import { renderSvg } from './render-svg.ts';
import { eventTable, stateTable } from './tables.ts';

export const CHART_FILES = { markdown: 'docs/sign-in-machine.md', svg: 'docs/sign-in-machine.svg' } as const;

export async function generateChart(): Promise<{ markdown: string; svg: string }> {
  const graph = machineGraph(signInMachine);
  const markdown = [
    '# signInMachine',
    '',
    'Generated from the machine definition (`packages/sui-zklogin-wallet/src/core/sign-in.machine.ts`) by `npm run chart`;',
    'a test fails when this file no longer matches the machine. Laid out with ELK:',
    '[sign-in-machine.svg](sign-in-machine.svg).',
    '',
    `${graph.nodes.length} states, ${graph.edges.length} transitions.`,
    '',
    '```mermaid',
    toMermaid(graph, signInMachine.id),
    '```',
    '',
    '## States',
    '',
    stateTable(signInMachine),
    '',
    '## Events',
    '',
    'Targetless transitions ("stays in") run their actions without leaving the state.',
    '',
    eventTable(signInMachine),
    '',
  ].join('\n');
  const svg = `${renderSvg(await layoutGraph(graph))}\n`;
  return { markdown, svg };
}
