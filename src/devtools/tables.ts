/**
 * The two tables of docs/sign-in-machine.md, generated from the machine's definition: every
 * state with its description, and every event with who sends it and where it leads. The
 * words are kept beside the machine (the package's core/sign-in.descriptions.ts); the generator refuses
 * a state or an event they do not describe.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import {
  delayDescriptionOf,
  descriptionOf,
  eventDescriptionOf,
} from '../../packages/sui-zklogin-wallet/src/core/sign-in.descriptions.ts';
import { eventLabel, guardName } from './machine-graph.ts';

function senderOf(eventType: string): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `the ${actor[2]} actor, when it ${actor[1] === 'done' ? 'succeeds' : 'fails'}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) {
    const timer = /^\d+$/.test(after[1]) ? `a timer of ${after[1]} ms` : delayDescriptionOf(after[1]);
    if (!timer) throw new Error(`tables: no timer is documented for the delay "${after[1]}"`);
    return timer;
  }
  if (eventType === '') return 'none: taken as soon as its guard holds';
  const sender = eventDescriptionOf(eventType);
  if (!sender) throw new Error(`tables: no sender is documented for "${eventType}"`);
  return sender;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const stateName = (node: AnyStateNode) => node.path.join('.');

function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    if (node !== machine.root) nodes.push(node);
    Object.values(node.states).forEach((child) => visit(child as AnyStateNode));
  };
  visit(machine.root);
  return nodes;
}

export function stateTable(machine: AnyStateMachine): string {
  const rows = allNodes(machine).map((node) => {
    const description = descriptionOf(node);
    if (!description) throw new Error(`tables: state "${node.id}" has no description`);
    return `| \`${stateName(node)}\` | ${cell(description)} |`;
  });
  return ['| state | what it means |', '|---|---|', ...rows].join('\n');
}

export interface TransitionRow {
  /** The event as a reader names it ('done: fetchLogin', 'after untilExpiry', 'always'). */
  event: string;
  eventType: string;
  guard: string | null;
  /** The target states' paths, or none for a transition that stays. */
  targets: string[];
}

/** Every transition a state defines (eventless ones too), as data. */
export function transitionsOf(node: AnyStateNode): TransitionRow[] {
  const transitions = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
  return transitions.map((transition) => ({
    event: eventLabel(transition.eventType),
    eventType: transition.eventType,
    guard: guardName(transition.guard),
    targets: ((transition.target ?? []) as AnyStateNode[]).map(stateName),
  }));
}

export function eventTable(machine: AnyStateMachine): string {
  // Keyed by what a reader sees: the expiry timer of each state is one event to them.
  const leads = new Map<string, { sender: string; where: string[] }>();
  for (const node of allNodes(machine)) {
    for (const { event, eventType, guard, targets } of transitionsOf(node)) {
      const condition = guard ? ` if ${guard}` : '';
      const lead =
        targets.length > 0
          ? `\`${stateName(node)}\` → \`${targets.join(', ')}\`${condition}`
          : `stays in \`${stateName(node)}\`${condition}`;
      const row = leads.get(event) ?? { sender: senderOf(eventType), where: [] };
      row.where.push(lead);
      leads.set(event, row);
    }
  }
  const rows = [...leads.entries()].map(
    ([label, { sender, where }]) => `| \`${cell(label)}\` | ${cell(sender)} | ${where.map(cell).join('<br>')} |`,
  );
  return ['| event | who sends it | where it leads |', '|---|---|---|', ...rows].join('\n');
}
