/**
 * Where the panel's chart looks by default, and how a long state path is shortened: pure
 * functions of the graph and its layout, so that the view (ChartView.tsx) only measures
 * its frame and scrolls.
 */
import type { Box, ChartLayout } from './layout.ts';
import type { MachineGraph } from './machine-graph.ts';

/**
 * The smallest zoom the chart follows the machine at: a state's name is drawn 30 units
 * high (render-svg.ts), so at 0.4 it is 12 px on screen, above the 11 px a developer
 * reads without zooming. The largest: a small state is not blown up past its drawn size.
 */
export const READABLE_ZOOM = 0.4;
const LARGEST_FOLLOW_ZOOM = 1;

/** The zoom levels of the "+" and "−" buttons (and keys), from the whole chart's up. */
export const ZOOMS = [0.25, READABLE_ZOOM, 0.5, 0.75, 1, 1.5, 2];

/** The states the machine can go to next from the `active` ones (their transitions' targets), themselves excluded. */
export function nextStateIds(graph: MachineGraph, active: ReadonlySet<string>): Set<string> {
  const next = new Set<string>();
  for (const edge of graph.edges) if (active.has(edge.source) && !active.has(edge.target)) next.add(edge.target);
  return next;
}

/** The journey's top-level state a node belongs to: 'signIn.account' for 'signIn.account.chain.idle'. */
export const topLevelOf = (id: string) => id.split('.').slice(0, 2).join('.');

function union(boxes: Box[]): Box | null {
  if (boxes.length === 0) return null;
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

export interface FollowView {
  zoom: number;
  /** The chart point (in layout units) to put in the middle of the frame. */
  center: { x: number; y: number };
}

/**
 * The default view: the journey's current step (its top-level state) with the states it
 * can go to next, fitted to the frame but never smaller than readable; when they do not
 * fit, centred on where the machine just went (`focus`, the last transition's target).
 */
export function followView(
  layout: ChartLayout,
  states: { active: ReadonlySet<string>; next: ReadonlySet<string>; focus?: string },
  frame: { width: number; height: number },
): FollowView {
  const activeBoxes = layout.nodes.filter((node) => states.active.has(node.id));
  const steps = activeBoxes.filter((node) => node.id === topLevelOf(node.id));
  const nextBoxes = layout.nodes.filter((node) => states.next.has(node.id));
  const shown = union([...steps, ...nextBoxes]) ?? union(activeBoxes);
  if (!shown) return { zoom: READABLE_ZOOM, center: { x: layout.width / 2, y: 0 } };
  const fit = Math.min(frame.width / shown.width, frame.height / shown.height);
  const zoom = Math.min(Math.max(fit, READABLE_ZOOM), LARGEST_FOLLOW_ZOOM);
  const fits = shown.width * zoom <= frame.width + 1 && shown.height * zoom <= frame.height + 1;
  const target = fits ? shown : (layout.nodes.find((node) => node.id === states.focus) ?? union(steps) ?? shown);
  return { zoom, center: { x: target.x + target.width / 2, y: target.y + target.height / 2 } };
}

/**
 * A logged state path, short enough for one line of the log: a parallel state's regions
 * by their own states ("signed-in · idle · waiting · later" for the account's), and a
 * long single path by its last two names. The full path goes beside it (a tooltip, the
 * text a screen reader reads, and the step's details).
 */
export function shortStatePath(path: string, longest = 26): string {
  const leaves = path.split(' + ');
  if (leaves.length > 1) return leaves.map((leaf) => leaf.split('.').at(-1)).join(' · ');
  return path.length <= longest ? path : `…${path.split('.').slice(-2).join('.')}`;
}
