/**
 * The statechart as a graph, read from the machine's own definition (never a hand-kept
 * copy): every state node, and one edge per transition target, labelled with its event
 * and guard. Shared by the live panel and by `npm run chart`.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';

export interface GraphNode {
  /** The state node's id, e.g. 'signIn.account.session.ready.waiting'. */
  id: string;
  /** Its key, e.g. 'waiting'. */
  label: string;
  parent: string | null;
  children: string[];
  initial: boolean;
  /** Its place among its siblings when it is a region of a parallel state, else null. */
  region: number | null;
}

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  /** The event types as the machine names them (parallel transitions share one edge). */
  events: string[];
  /** What a reader sees: short event names, each with its guard in brackets. */
  label: string;
}

export interface MachineGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** A short, readable name for an event type. */
export function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `done: ${done[1]}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `error: ${error[1]}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  return eventType;
}

/**
 * A guard as a reader names it: its name, with its parameter when it is a word; xstate's
 * `stateIn` as "in <state>"; null for none.
 */
export function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  const { type, params, stateValue } = guard as { type?: unknown; params?: unknown; stateValue?: unknown };
  if (typeof stateValue === 'string') return `in ${stateValue.replace(/^#signIn\./, '')}`;
  if (typeof type !== 'string') return 'guard';
  return typeof params === 'string' ? `${type}(${params})` : type;
}

function guardLabel(guard: unknown): string {
  const name = guardName(guard);
  return name ? ` [${name}]` : '';
}

/**
 * Built on xstate/graph's `toDirectedGraph` (the nested nodes and one edge per transition
 * target), adding what it leaves out: eventless (`always`) transitions. Targetless
 * transitions (an action that stays in its state) are not drawn as edges.
 */
export function machineGraph(machine: AnyStateMachine): MachineGraph {
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const addEdge = (source: AnyStateNode, target: AnyStateNode, event: string, guard: unknown) => {
    const label = `${eventLabel(event)}${guardLabel(guard)}`;
    // Transitions between the same two states share one edge: fewer lines to follow.
    const parallel = edges.find((edge) => edge.source === source.id && edge.target === target.id);
    if (parallel) {
      parallel.events.push(event);
      parallel.label += ` · ${label}`;
    } else {
      edges.push({ id: `${source.id}->${target.id}`, source: source.id, target: target.id, events: [event], label });
    }
  };
  const visit = (directed: DirectedGraphNode) => {
    const node = directed.stateNode;
    if (node !== machine.root) {
      nodes.push({
        id: node.id,
        label: node.key,
        parent: node.parent && node.parent !== machine.root ? node.parent.id : null,
        children: directed.children.map((child) => child.id),
        initial: node.parent?.config.initial === node.key,
        region: node.parent?.type === 'parallel' ? Object.keys(node.parent.states).indexOf(node.key) : null,
      });
    }
    for (const edge of directed.edges) {
      if (edge.transition.target) addEdge(edge.source, edge.target, edge.transition.eventType, edge.transition.guard);
    }
    for (const always of node.always ?? []) {
      for (const target of always.target ?? []) addEdge(node, target, always.eventType, always.guard);
    }
    directed.children.forEach(visit);
  };
  visit(toDirectedGraph(machine));
  return { nodes, edges };
}

/** The ids of the active state nodes for a logged state path like 'account.session.signed-in + account.chain.idle + account.wallet.waiting'. */
export function activeNodeIds(machineId: string, statePath: string): string[] {
  const ids = statePath.split(' + ').flatMap((leaf) => {
    const parts = leaf.split('.');
    return parts.map((_, i) => `${machineId}.${parts.slice(0, i + 1).join('.')}`);
  });
  return [...new Set(ids)];
}

/** The edge a logged transition took: its event, from a state active before to one active after. */
export function findEdge(graph: MachineGraph, machineId: string, transition: { event: string; from: string; to: string }) {
  const before = new Set(activeNodeIds(machineId, transition.from));
  const after = new Set(activeNodeIds(machineId, transition.to));
  return graph.edges.find((edge) => edge.events.includes(transition.event) && before.has(edge.source) && after.has(edge.target));
}
