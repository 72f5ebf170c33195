/**
 * The statechart as a Mermaid state diagram (GitHub renders it), from the same graph.
 */
import type { MachineGraph } from './machine-graph.ts';

/** Mermaid ids cannot hold dots or dashes: 'signIn.logged-out.done' → 'logged_out_done'. */
const mermaidId = (id: string) => id.split('.').slice(1).join('_').replace(/-/g, '_');

export function toMermaid(graph: MachineGraph, machineId: string): string {
  const byParent = new Map<string | null, typeof graph.nodes>();
  for (const node of graph.nodes) byParent.set(node.parent, [...(byParent.get(node.parent) ?? []), node]);
  const lines = ['stateDiagram-v2', `  %% Generated from ${machineId}'s definition by \`npm run chart\`. Do not edit.`];
  const declare = (parent: string | null, indent: string) => {
    for (const node of byParent.get(parent) ?? []) {
      lines.push(`${indent}state "${node.label}" as ${mermaidId(node.id)}`);
      if (node.initial) lines.push(`${indent}[*] --> ${mermaidId(node.id)}`);
      if (node.children.length > 0) {
        lines.push(`${indent}state ${mermaidId(node.id)} {`);
        declare(node.id, `${indent}  `);
        lines.push(`${indent}}`);
      }
    }
  };
  declare(null, '  ');
  for (const edge of graph.edges) {
    lines.push(`  ${mermaidId(edge.source)} --> ${mermaidId(edge.target)}: ${edge.label.replace(/:/g, '')}`);
  }
  return lines.join('\n');
}
