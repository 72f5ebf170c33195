/**
 * The two tables of docs/sign-in-machine.md, generated from the machine's definition: every
 * state with its `description`, and every event with who sends it and where it leads.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { descriptionOf } from '../../machines/sign-in.descriptions.ts';
import { eventLabel } from './machine-graph.ts';

/** Who sends each event the machine handles; the generator refuses an event missing here. */
const SENDERS: Record<string, string> = {
  'user.signIn': 'the visitor: a "Sign in with …" button',
  'user.intent': 'the visitor: hovering or focusing a sign-in button',
  'user.createProof': 'the visitor: "Create proof"',
  'user.signMessage': 'the visitor: "Sign message"',
  'user.verifySignature': 'the visitor: "Verify again", when the node could not be asked',
  'user.refreshBalance': 'the visitor: "Refresh" beside the balance',
  'user.requestTestSui': 'the visitor: "Get test SUI" (testnet and devnet)',
  'user.send': 'the visitor: "Send", with a recipient and an amount',
  'user.signOut': 'the visitor: "Sign out"',
  'user.renew': 'the visitor: "Stay signed in", in the session\'s last ten minutes',
  'user.retry': 'the visitor: "Try again"',
  'user.startOver': 'the visitor: "Start over"',
  'user.dismiss': 'the visitor: the alert\'s "Dismiss"',
  'url.fragment': 'the app edge: a new URL fragment (hashchange)',
  'page.restored': 'the app edge: the page came back from the back/forward cache',
  'tab.signedOut': 'another tab of the app: its visitor signed out',
  'popup.opened': 'the popupWindow actor (popup mode): the sign-in window opened, with its flow id',
  'popup.blocked': 'the popupWindow actor (popup mode): the browser refused to open the window',
  'popup.closed': 'the popupWindow actor (popup mode): the visitor closed the window',
  'popup.callback': "the popupWindow actor (popup mode): the window handed over the provider's answer for its flow",
  'account.proofNeeded': "the account's chain or wallet region (raised): a send or a dApp's request needs the proof",
  'account.proofFailed': "the account's session region (raised): the proof could not be made, with why",
  'wallet.connect': "a dApp: a wallet's standard:connect (silent or not)",
  'wallet.disconnect': "a dApp: a wallet's standard:disconnect",
  'wallet.sign': "a dApp: a wallet's sui:signPersonalMessage, sui:signTransaction or sui:signAndExecuteTransaction",
  'user.approve': 'the visitor: "Approve" in the wallet\'s dialog (a trusted click only), for the request it shows',
  'user.reject': 'the visitor: "Reject" or Escape in the wallet\'s dialog, for the request it shows',
  'wallet.dialogFailed': "the wallet: its dialog's code did not load, so the visitor could not be asked",
};

function senderOf(eventType: string): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `the ${actor[2]} actor, when it ${actor[1] === 'done' ? 'succeeds' : 'fails'}`;
  if (eventType.startsWith('xstate.after.')) return "the timer of the session's expiry";
  if (eventType === '') return 'none: taken as soon as its guard holds';
  const sender = SENDERS[eventType];
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
    guard: transition.guard
      ? typeof transition.guard === 'string'
        ? transition.guard
        : ((transition.guard as { type?: string }).type ?? 'guard')
      : null,
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
