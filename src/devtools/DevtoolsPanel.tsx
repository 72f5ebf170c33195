/**
 * The live statechart panel: signInMachine drawn from its own definition (ELK layout),
 * the current state lit, the last transition animated, and the transition log beside it.
 * Any step of the log (live, or a downloaded log loaded back, read-only) can be shown.
 * Loaded by dynamic import only when opened (?devtools or Alt+Shift+D).
 */
import { Component, useEffect, useMemo, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { signInMachine } from '../../packages/sui-zklogin-wallet/src/core/sign-in.machine.ts';
import type { TransitionEntry, TransitionLog } from '../transition-log/transition-log.ts';
import { layoutGraph, type ChartLayout } from './layout.ts';
import { activeNodeIds, findEdge, machineGraph } from './machine-graph.ts';
import { nextStateIds } from './chart-focus.ts';
import { renderSvg } from './render-svg.ts';
import { ChartView } from './ChartView.tsx';
import { TransitionLogView } from './TransitionLogView.tsx';
import './devtools.css';
import { PanelUnavailable } from './PanelUnavailable.tsx';

const graph = machineGraph(signInMachine);

/**
 * The log's entries, re-read whenever one is added. Keyed on the log's version, not its
 * length: at the log's limit the length stays the same while the entries move on.
 */
export function useLogEntries(log: TransitionLog) {
  useSyncExternalStore(log.subscribe, log.version);
  return log.entries();
}

const knownStates = new Set(graph.nodes.map((node) => node.id));

/** The step to show: the chosen one, else (live) the newest. */
const clamp = (index: number, length: number) => Math.min(Math.max(index, 0), length - 1);

/** Ours (the spec names none): the panel failed while drawing; the page goes on without it. */
const PANEL_FAILED = 'The statechart panel stopped working. The page goes on without it: reload to try again.';

/**
 * Keeps a panel that fails to itself: without a boundary React unmounts the whole page on
 * the error, the account with it. A class, because React catches render errors only in one.
 */
class PanelBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <PanelUnavailable message={PANEL_FAILED} /> : this.props.children;
  }
}

export default function DevtoolsPanel({ log }: { log: TransitionLog }) {
  return (
    <PanelBoundary>
      <Panel log={log} />
    </PanelBoundary>
  );
}

function Panel({ log }: { log: TransitionLog }) {
  const live = useLogEntries(log);
  const [layout, setLayout] = useState<ChartLayout | null>(null);
  const [replay, setReplay] = useState<{ name: string; entries: TransitionEntry[] } | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const entries = replay?.entries ?? live;
  const shown = clamp(chosen ?? entries.length - 1, entries.length);
  const step = entries[shown];

  useEffect(() => {
    let cancelled = false;
    void layoutGraph(graph).then((result) => !cancelled && setLayout(result));
    return () => void (cancelled = true);
  }, []);

  // The SVG is built from the machine's definition only: a log (maybe a stranger's) decides
  // which known state ids are lit and which known edge is drawn as taken, nothing more.
  const lit = useMemo(() => {
    const active = new Set(step ? activeNodeIds(signInMachine.id, step.to).filter((id) => knownStates.has(id)) : []);
    const lastEdge = step ? findEdge(graph, signInMachine.id, step) : undefined;
    return { active, next: nextStateIds(graph, active), lastEdge };
  }, [step]);
  const svg = useMemo(
    () => layout && renderSvg(layout, { active: lit.active, next: lit.next, lastEdge: lit.lastEdge?.id, interactive: true }),
    [layout, lit],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target instanceof HTMLInputElement || entries.length === 0) return;
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    setChosen(clamp(shown + (event.key === 'ArrowRight' ? 1 : -1), entries.length));
  };

  return (
    <aside className="devtools" role="region" aria-label="Statechart" onKeyDown={onKeyDown}>
      <header className="devtools-header">
        <h2>Statechart</h2>
        <p>
          {replay || chosen !== null ? 'State at this step' : 'Current state'}:{' '}
          <strong data-testid="devtools-state">{step?.to ?? '…'}</strong>
        </p>
      </header>
      {svg && layout ? (
        <ChartView
          svg={svg}
          layout={layout}
          graph={graph}
          active={lit.active}
          next={lit.next}
          focus={lit.lastEdge?.target ?? [...lit.active].at(-1)}
        />
      ) : (
        <p role="status">Laying out the statechart…</p>
      )}
      <TransitionLogView
        entries={entries}
        shown={shown}
        onSelect={setChosen}
        replaying={replay?.name ?? null}
        onLoad={(name, loaded) => {
          setReplay({ name, entries: loaded });
          setChosen(0);
        }}
        onLive={() => {
          setReplay(null);
          setChosen(null);
        }}
      />
    </aside>
  );
}
