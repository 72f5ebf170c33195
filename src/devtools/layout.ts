/**
 * Lays the statechart out with ELK (elkjs, layered algorithm): compound states contain
 * their children, each edge lives in its source and target's nearest common container,
 * and everything is returned in absolute coordinates, ready to draw.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { MachineGraph } from './machine-graph.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedNode extends Box {
  id: string;
  label: string;
  compound: boolean;
  initial: boolean;
}

export interface PlacedEdge {
  id: string;
  points: { x: number; y: number }[];
  label: string;
  labelBox: Box | null;
}

export interface ChartLayout {
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
}

const FONT_WIDTH = 16.58;
const LABEL_FONT_WIDTH = 6.1;
const round = (value: number) => Math.round(value * 10) / 10;

/**
 * An edge label's lines: one per event of the transitions the edge merges, a guard on a line
 * of its own under its event (a long guarded line would widen its state's box).
 */
export const labelLines = (label: string) => label.split(' · ').flatMap((line) => line.split(/ (?=\[)/));

const LAYOUT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  // Journey order, top to bottom: each top-level state is put in its own layer (JOURNEY).
  'elk.partitioning.activate': 'true',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.layered.spacing.nodeNodeBetweenLayers': '20',
  'elk.spacing.nodeNode': '24',
  'elk.spacing.edgeLabel': '4',
  'elk.edgeLabels.placement': 'CENTER',
  // Labels on one side of their edge: long edges then keep their labels inside the chart.
  'elk.layered.edgeLabels.sideSelection': 'DIRECTION_DOWN',
  'elk.layered.nodePlacement.strategy': 'LINEAR_SEGMENTS',
  // Layers that keep edges short: with the account's regions one below the other, the chart
  // stays under 1,800 px wide and no more than twice as tall (measured by chart.test.ts).
  'elk.layered.layering.strategy': 'NETWORK_SIMPLEX',
  'elk.spacing.edgeEdge': '4',
  'elk.spacing.edgeNode': '5',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '5',
  'elk.layered.spacing.edgeNodeBetweenLayers': '6',
  'elk.edgeRouting': 'ORTHOGONAL',
  // Keep the order the machine declares its states in: the journey reads top to bottom.
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.crossingMinimization.forceNodeModelOrder': 'false',
  'elk.padding': '[top=39,left=8,bottom=16,right=8]',
};

/** The top-level states in the order a visitor meets them; the chart reads down this axis. */
const JOURNEY = [
  ['restoring'],
  ['idle'],
  ['redirecting'],
  ['callback-validating'],
  // The failed lookup sits beside fetching-login, off the main path.
  ['fetching-login', 'failed'],
  // The account's session region goes on down the same axis (its steps, in the order declared).
  ['account'],
  ['logged-out'],
];
/** The account's session region: its steps, declared in the order the visitor takes them. */
const SESSION_REGION = 'signIn.account.session';
const STACKING_EDGE = 'stacking:';
const partitionOf = (id: string) => {
  const layer = JOURNEY.findIndex((names) => names.includes(id.split('.')[1] ?? ''));
  return layer < 0 ? undefined : String(layer);
};

export async function layoutGraph(graph: MachineGraph): Promise<ChartLayout> {
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const ancestors = (id: string | null): string[] => (id ? [id, ...ancestors(byId.get(id)!.parent)] : []);
  /** Where an edge belongs: the nearest compound state holding both ends, or the root. */
  const containerOf = (source: string, target: string): string | null => {
    const targetAncestors = new Set(ancestors(byId.get(target)!.parent));
    return ancestors(byId.get(source)!.parent).find((id) => targetAncestors.has(id)) ?? null;
  };

  const elkNodes = new Map<string | null, ElkNode>();
  const root: ElkNode = { id: 'root', layoutOptions: LAYOUT_OPTIONS, children: [], edges: [] };
  elkNodes.set(null, root);
  for (const node of graph.nodes) {
    const compound = node.children.length > 0;
    const partition = node.parent === null ? partitionOf(node.id) : undefined;
    const layoutOptions: Record<string, string> = {
      ...(partition === undefined ? {} : { 'elk.partitioning.partition': partition }),
      ...(compound ? { 'elk.padding': '[top=39,left=8,bottom=10,right=8]' } : {}),
    };
    elkNodes.set(node.id, {
      id: node.id,
      layoutOptions,
      ...(compound ? { children: [], edges: [] } : { width: Math.max(110, node.label.length * FONT_WIDTH + 28), height: 58 }),
    });
  }
  for (const node of graph.nodes) elkNodes.get(node.parent)!.children!.push(elkNodes.get(node.id)!);
  for (const edge of graph.edges) {
    const elkEdge: ElkExtendedEdge = {
      id: edge.id,
      sources: [edge.source],
      targets: [edge.target],
      // Merged transitions stack their events one per line: narrow labels, a narrow chart.
      labels: [
        {
          text: edge.label,
          width: Math.max(...labelLines(edge.label).map((line) => line.length)) * LABEL_FONT_WIDTH + 6,
          height: 14 * labelLines(edge.label).length,
        },
      ],
    };
    elkNodes.get(containerOf(edge.source, edge.target))!.edges!.push(elkEdge);
  }

  // A parallel state's regions are drawn one below the other, in the order the machine
  // declares them (the account's session first, which carries the journey on): side by side,
  // three regions made the chart too wide to read in the README. The account's steps follow
  // the journey. An undrawn edge from each to the next puts them in order.
  const stack = (container: string, ids: string[]) =>
    ids
      .slice(1)
      .forEach((id, index) =>
        elkNodes.get(container)!.edges!.push({ id: `${STACKING_EDGE}${id}`, sources: [ids[index]!], targets: [id] }),
      );
  for (const node of graph.nodes) {
    const regions = node.children.filter((child) => byId.get(child)!.region !== null);
    // Two columns of regions: one below the other, four made the chart too tall to read.
    if (regions.length === 4) {
      stack(node.id, [regions[0]!, regions[1]!]);
      stack(node.id, [regions[3]!, regions[2]!]);
    } else stack(node.id, regions);
  }
  const steps = byId.get(SESSION_REGION)?.children ?? [];
  if (steps.length > 1) stack(SESSION_REGION, steps);

  const laidOut = await new ELK().layout(root);

  const nodes: PlacedNode[] = [];
  const edges: PlacedEdge[] = [];
  const collect = (elkNode: ElkNode, offsetX: number, offsetY: number) => {
    for (const child of elkNode.children ?? []) {
      const x = offsetX + (child.x ?? 0);
      const y = offsetY + (child.y ?? 0);
      const source = byId.get(child.id)!;
      nodes.push({
        id: child.id,
        label: source.label,
        compound: source.children.length > 0,
        initial: source.initial,
        x: round(x),
        y: round(y),
        width: round(child.width ?? 0),
        height: round(child.height ?? 0),
      });
      collect(child, x, y);
    }
    // Edge coordinates are relative to the node that contains the edge.
    for (const edge of (elkNode.edges ?? []) as ElkExtendedEdge[]) {
      if (edge.id.startsWith(STACKING_EDGE)) continue;
      const section = edge.sections?.[0];
      if (!section) continue;
      const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((p) => ({
        x: round(offsetX + p.x),
        y: round(offsetY + p.y),
      }));
      const label = edge.labels?.[0];
      edges.push({
        id: edge.id,
        points,
        label: label?.text ?? '',
        labelBox: label
          ? {
              x: round(offsetX + (label.x ?? 0)),
              y: round(offsetY + (label.y ?? 0)),
              width: round(label.width ?? 0),
              height: round(label.height ?? 0),
            }
          : null,
      });
    }
  };
  collect(laidOut, 0, 0);
  return { width: round(laidOut.width ?? 0), height: round(laidOut.height ?? 0), nodes, edges };
}
