/**
 * The live statechart panel: signInMachine drawn from its own definition (ELK layout),
 * the current state lit, the last transition animated, and the transition log beside it.
 * Loaded by dynamic import only when opened (?devtools or Alt+Shift+D).
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { signInMachine } from '../../machines/sign-in.machine.ts';
import type { TransitionLog } from '../app/transition-log.ts';
import { layoutGraph, type ChartLayout } from './layout.ts';
import { activeNodeIds, findEdge, machineGraph } from './machine-graph.ts';
import { renderSvg } from './render-svg.ts';
import './devtools.css';

const graph = machineGraph(signInMachine);

const TIME_FORMAT = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
  hour12: false,
});
const formatTime = (iso: string) => TIME_FORMAT.format(new Date(iso));

/**
 * The log's entries, re-read whenever one is added. Keyed on the log's version, not its
 * length: at the log's limit the length stays the same while the entries move on.
 */
export function useLogEntries(log: TransitionLog) {
  useSyncExternalStore(log.subscribe, log.version);
  return log.entries();
}

export default function DevtoolsPanel({ log }: { log: TransitionLog }) {
  const entries = useLogEntries(log);
  const [layout, setLayout] = useState<ChartLayout | null>(null);
  const [copied, setCopied] = useState(false);
  const chartRef = useRef<HTMLDivElement>(null);
  const last = entries.at(-1);

  useEffect(() => {
    let cancelled = false;
    void layoutGraph(graph).then((result) => !cancelled && setLayout(result));
    return () => void (cancelled = true);
  }, []);

  const svg = useMemo(() => {
    if (!layout) return null;
    const active = new Set(last ? activeNodeIds(signInMachine.id, last.to) : []);
    const lastEdge = last ? findEdge(graph, signInMachine.id, last)?.id : undefined;
    return renderSvg(layout, { active, lastEdge });
  }, [layout, last]);

  // Keep the lit state in view: the chart is wider than the panel.
  useEffect(() => {
    chartRef.current?.querySelector('.state.leaf.active, .state.active')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [svg]);

  const copy = () =>
    navigator.clipboard.writeText(log.toJSON()).then(
      () => setCopied(true),
      () => setCopied(false),
    );

  return (
    <aside className="devtools" role="region" aria-label="Statechart">
      <header className="devtools-header">
        <h2>Statechart</h2>
        <p>
          Current state: <strong data-testid="devtools-state">{last?.to ?? '…'}</strong>
        </p>
      </header>
      {/* Scrollable, so it takes keyboard focus: arrow keys pan it. */}
      <div className="chart" ref={chartRef} data-testid="statechart" tabIndex={0} role="group" aria-label="Statechart drawing">
        {svg ? <div dangerouslySetInnerHTML={{ __html: svg }} /> : <p role="status">Laying out the statechart…</p>}
      </div>
      <section className="transition-log" aria-label="Transition log">
        <header className="devtools-header">
          <h2>Transition log</h2>
          <button type="button" className="secondary small" onClick={copy}>
            {copied ? 'Copied' : 'Copy as JSON'}
          </button>
        </header>
        <div className="log-scroll" tabIndex={0} role="group" aria-label="Transition log entries">
          <table>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Event</th>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col">In source</th>
              </tr>
            </thead>
            <tbody>
              {[...entries].reverse().map((entry, index) => (
                <tr key={entries.length - index}>
                  <td>{formatTime(entry.at)}</td>
                  <td>
                    <code>{entry.event}</code>
                  </td>
                  <td>{entry.from || '—'}</td>
                  <td>{entry.to}</td>
                  <td>{entry.sourceDurationMs} ms</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </aside>
  );
}
