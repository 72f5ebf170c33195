/**
 * The chart in the panel. By default it follows the machine: the journey's current step
 * and the states it can go to next, at a zoom where every state's name reads (chart-focus.ts).
 * "Whole chart" shows all of it; zoom with the buttons, the keyboard (+, −; 0 for the whole
 * chart) or Ctrl/⌘ + wheel, and pan by scrolling. The journey's top-level steps are named
 * in a strip above. Any state can be picked (a click, the strip, or the keyboard: Tab
 * reaches the chart's states, the arrow keys move among them, Enter picks): its own
 * transitions are listed, read from the machine's definition, and a parent's states too.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { descriptionOf } from '../../packages/sui-zklogin-wallet/src/core/sign-in.descriptions.ts';
import { signInMachine } from '../../packages/sui-zklogin-wallet/src/core/sign-in.machine.ts';
import { followView, topLevelOf, ZOOMS } from './chart-focus.ts';
import type { ChartLayout } from './layout.ts';
import type { MachineGraph } from './machine-graph.ts';
import { transitionsOf } from './tables.ts';

/** render-svg.ts draws the chart with this margin around the layout. */
const MARGIN = 8;

/** 'follow' (the default), 'whole' (all of the chart in the frame), or a zoom chosen with + and −. */
type View = 'follow' | 'whole' | number;

interface Props {
  /** The chart's SVG markup, built from the machine's definition only (interactive). */
  svg: string;
  layout: ChartLayout;
  graph: MachineGraph;
  /** The ids of the states the machine is in, and of those it can go to next. */
  active: ReadonlySet<string>;
  next: ReadonlySet<string>;
  /** Where the machine just went: the last transition's target. */
  focus?: string;
}

const pathOf = (id: string) => id.split('.').slice(1).join('.');

/** The frame's size, kept up to date (the panel's column changes with the window). */
function useFrameSize(ref: React.RefObject<HTMLDivElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

export function ChartView({ svg, layout, graph, active, next, focus }: Props) {
  const [view, setView] = useState<View>('follow');
  const [picked, setPicked] = useState<string | null>(null);
  const chartRef = useRef<HTMLDivElement>(null);
  /**
   * The state that has the keyboard's focus, to give it back when the drawing is replaced
   * (the machine moved on); cleared when the focus leaves the chart's states. And the last
   * one the keyboard reached, which keeps the chart's place in the tab order.
   */
  const focusedState = useRef<string | null>(null);
  const reachedState = useRef<string | null>(null);
  /** A picked state to centre on, before the view's own target, the next time the view moves. */
  const centreNext = useRef<{ x: number; y: number } | null>(null);
  const frame = useFrameSize(chartRef);
  const width = layout.width + MARGIN * 2;
  const height = layout.height + MARGIN * 2;

  const framed = frame.width > 0 && frame.height > 0;
  // Just under the exact fit, so that rounding never makes the whole chart scroll.
  const wholeZoom = framed ? Math.min(frame.width / width, frame.height / height) * 0.999 : 0.1;
  const follow = followView(layout, { active, next, focus }, frame);
  const zoom = view === 'whole' ? wholeZoom : view === 'follow' ? follow.zoom : view;

  /** The next zoom level up or down from the zoom shown (whatever the view). */
  const step = (direction: 1 | -1) =>
    setView((direction > 0 ? ZOOMS.find((z) => z > zoom + 0.01) : [...ZOOMS].reverse().find((z) => z < zoom - 0.01)) ?? zoom);

  /** Puts a chart point (layout units) in the middle of the frame, scrolling the frame only. */
  const centreOn = (point: { x: number; y: number }) => {
    const chart = chartRef.current;
    if (!chart) return;
    chart.scrollLeft = (point.x + MARGIN) * zoom - chart.clientWidth / 2;
    chart.scrollTop = (point.y + MARGIN) * zoom - chart.clientHeight / 2;
  };
  const boxCentre = (id: string) => {
    const node = layout.nodes.find((candidate) => candidate.id === id);
    return node && { x: node.x + node.width / 2, y: node.y + node.height / 2 };
  };

  // As the machine moves on (or the zoom changes), the view follows it: the followed frame,
  // or at a chosen zoom the state it just went to.
  useLayoutEffect(() => {
    if (view === 'whole') return;
    const picked = centreNext.current;
    centreNext.current = null;
    const target = picked ?? (view === 'follow' ? follow.center : boxCentre(focus ?? [...active].at(-1) ?? ''));
    if (target) centreOn(target);
    // The view moves with the drawing (the machine's step), where it went, the zoom, the view
    // and the frame; not with the functions and the follow target recomputed on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [svg, focus, zoom, view, frame.width, frame.height]);

  // One state is in the tab order (the last the keyboard reached, else the picked one, else
  // where the machine is); the arrow keys move among the others. A state that had the focus
  // gets it back in the new drawing, and only then: never a focus taken from elsewhere.
  useLayoutEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    const entry = reachedState.current ?? picked ?? focus ?? [...active].at(-1);
    const states = [...chart.querySelectorAll<SVGGElement>('[data-state-id]')];
    for (const state of states) state.setAttribute('tabindex', state.dataset.stateId === entry ? '0' : '-1');
    if (!states.some((state) => state.getAttribute('tabindex') === '0')) states[0]?.setAttribute('tabindex', '0');
    const lost = focusedState.current && (document.activeElement === document.body || !document.activeElement);
    if (lost)
      chart.querySelector<SVGGElement>(`[data-state-id="${CSS.escape(focusedState.current!)}"]`)?.focus({ preventScroll: true });
  }, [svg, picked, focus, active]);

  // Ctrl/⌘ + wheel zooms; a plain wheel pans (scrolls). React's wheel listener is passive,
  // so this one is added by hand to be allowed to stop the page from zooming instead.
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    const onWheel = (event: globalThis.WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      step(event.deltaY < 0 ? 1 : -1);
    };
    chart.addEventListener('wheel', onWheel, { passive: false });
    return () => chart.removeEventListener('wheel', onWheel);
  });

  const pick = (id: string, centre = false) => {
    setPicked(id);
    const point = boxCentre(id);
    if (centre && point && view !== 'whole') {
      // Picking a state elsewhere stops following the machine, at the zoom it was: the view
      // then moves to the picked state, not back to the machine's.
      centreNext.current = point;
      setView(zoom);
      centreOn(point);
    }
  };

  /** Moves the keyboard's focus to another state (tree order: a parent, then its states). */
  const moveFocus = (from: string, by: number | 'first' | 'last') => {
    const order = graph.nodes.map((node) => node.id);
    const index = order.indexOf(from);
    const to = by === 'first' ? 0 : by === 'last' ? order.length - 1 : Math.min(Math.max(index + by, 0), order.length - 1);
    const element = chartRef.current?.querySelector<SVGGElement>(`[data-state-id="${CSS.escape(order[to]!)}"]`);
    if (!element) return;
    chartRef.current!.querySelectorAll('[data-state-id]').forEach((state) => state.setAttribute('tabindex', '-1'));
    element.setAttribute('tabindex', '0');
    element.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const state = (event.target as Element).closest?.('[data-state-id]')?.getAttribute('data-state-id');
    const moves: Record<string, number | 'first' | 'last'> = {
      ArrowDown: 1,
      ArrowRight: 1,
      ArrowUp: -1,
      ArrowLeft: -1,
      Home: 'first',
      End: 'last',
    };
    if (state && event.key in moves) {
      moveFocus(state, moves[event.key]!);
    } else if (state && (event.key === 'Enter' || event.key === ' ')) {
      pick(state);
    } else {
      const action = { '+': 1, '=': 1, '-': -1, '−': -1, '0': 0 }[event.key];
      if (action === undefined) return;
      if (action === 0) setView('whole');
      else step(action as 1 | -1);
    }
    // Handled here: the panel's own arrow keys (stepping through the log) do not also act.
    event.preventDefault();
    event.stopPropagation();
  };
  const onClick = (event: MouseEvent) => {
    const box = (event.target as Element).closest('[data-state-id]');
    setPicked(box?.getAttribute('data-state-id') ?? null);
  };
  const onFocus = (event: React.FocusEvent) => {
    const id = (event.target as Element).getAttribute?.('data-state-id') ?? null;
    focusedState.current = id;
    if (id) reachedState.current = id;
  };
  // A state still in the drawing lost the focus to something else: nothing to give back.
  // (One that left with the old drawing keeps its id, for the new drawing to restore.)
  const onBlur = (event: React.FocusEvent) => {
    const element = event.target as Element;
    requestAnimationFrame(() => {
      if (element.isConnected && focusedState.current === element.getAttribute('data-state-id')) focusedState.current = null;
    });
  };

  const topLevel = graph.nodes.filter((node) => node.parent === null);
  const currentStep = [...active].find((id) => id === topLevelOf(id));
  const pickedNode = picked ? signInMachine.getStateNodeById(picked) : null;
  return (
    <>
      <nav className="journey-strip" aria-label="The journey's steps">
        <ol>
          {topLevel.map((node) => (
            <li key={node.id}>
              <button
                type="button"
                className={node.id === currentStep ? 'current' : undefined}
                aria-current={node.id === currentStep ? 'step' : undefined}
                onClick={() => pick(node.id, true)}
              >
                {node.label}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <div className="chart-tools" role="toolbar" aria-label="Chart view">
        <button type="button" className="secondary small" aria-pressed={view === 'follow'} onClick={() => setView('follow')}>
          Follow the machine
        </button>
        <button type="button" className="secondary small" aria-pressed={view === 'whole'} onClick={() => setView('whole')}>
          Whole chart
        </button>
        <button type="button" className="secondary small" aria-label="Zoom out" onClick={() => step(-1)}>
          −
        </button>
        <button type="button" className="secondary small" aria-label="Zoom in" onClick={() => step(1)}>
          +
        </button>
        <output data-testid="chart-zoom" aria-label="Zoom">
          {Math.round(zoom * 100)}%
        </output>
      </div>
      <div
        className={view === 'whole' ? 'chart whole' : 'chart'}
        ref={chartRef}
        data-testid="statechart"
        tabIndex={0}
        role="group"
        aria-label="Statechart drawing: + and − zoom, 0 shows the whole chart; Tab reaches its states, arrow keys move among them, Enter lists a state's transitions"
        onKeyDown={onKeyDown}
        onClick={onClick}
        onFocus={onFocus}
        onBlur={onBlur}
      >
        <div
          className="chart-canvas"
          style={{ width: `${width * zoom}px`, height: `${height * zoom}px` }}
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      </div>
      {pickedNode && <PickedState node={pickedNode} onPick={(id) => pick(id, true)} />}
    </>
  );
}

/** The picked state: its own transitions, and a parent's states, each of which can be picked in turn. */
function PickedState({
  node,
  onPick,
}: {
  node: ReturnType<typeof signInMachine.getStateNodeById>;
  onPick: (id: string) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const rows = transitionsOf(node);
  const children = Object.values(node.states);
  const description = descriptionOf(node);
  const path = pathOf(node.id);
  return (
    <section className="state-transitions" aria-label="Transitions of the chosen state">
      <h3 ref={heading} tabIndex={-1}>
        <code>{path}</code>
        {description ? `: ${description}` : ''}
      </h3>
      {rows.length > 0 ? (
        <table>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Guard</th>
              <th scope="col">Target</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                <td>
                  <code>{row.event}</code>
                </td>
                <td>{row.guard ?? '—'}</td>
                <td>{row.targets.length > 0 ? row.targets.join(', ') : '(stays)'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="log-hint">
          <code>{path}</code> has no transitions of its own
          {children.length > 0 ? `: its ${node.type === 'parallel' ? 'regions' : 'states'} have them.` : '.'}
        </p>
      )}
      {children.length > 0 && (
        <>
          <h4>{node.type === 'parallel' ? 'Its regions (all active together)' : 'Its states'}</h4>
          <ul className="state-children">
            {children.map((child) => (
              <li key={child.id}>
                <button
                  type="button"
                  className="secondary small"
                  onClick={() => {
                    onPick(child.id);
                    // The button goes with the list it is in: the focus moves to what it showed.
                    requestAnimationFrame(() => heading.current?.focus());
                  }}
                >
                  {child.key}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
