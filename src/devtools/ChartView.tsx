/**
 * The chart in the panel: "Fit" (the default) shows all of it; zoom with the buttons, the
 * keyboard (+, −, 0) or Ctrl/⌘ + wheel, and pan by scrolling. When zoomed, the lit state
 * stays in view as the chart follows the machine. Clicking a state lists its transitions,
 * read from the machine's definition.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { descriptionOf } from '../../machines/sign-in.descriptions.ts';
import { signInMachine } from '../../machines/sign-in.machine.ts';
import { transitionsOf } from './tables.ts';

const ZOOMS = [0.5, 0.75, 1, 1.5, 2];

interface Props {
  /** The chart's SVG markup, built from the machine's definition only. */
  svg: string;
  width: number;
  height: number;
}

export function ChartView({ svg, width, height }: Props) {
  // null = Fit: the whole chart in the panel.
  const [zoom, setZoom] = useState<number | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const chartRef = useRef<HTMLDivElement>(null);

  const step = (direction: 1 | -1) =>
    setZoom((current) => {
      const chart = chartRef.current;
      const fit = chart ? Math.min(chart.clientWidth / width, chart.clientHeight / height) : 1;
      const now = current ?? fit;
      const next = direction > 0 ? ZOOMS.find((z) => z > now + 0.01) : [...ZOOMS].reverse().find((z) => z < now - 0.01);
      return next ?? now;
    });

  // Zoomed in, keep the lit state in the middle of the frame as the machine moves on,
  // scrolling the frame only (never the page around it).
  useEffect(() => {
    const chart = chartRef.current;
    const lit = chart?.querySelector('.state.leaf.active, .state.active');
    if (zoom === null || !chart || !lit) return;
    const frame = chart.getBoundingClientRect();
    const box = lit.getBoundingClientRect();
    chart.scrollLeft += box.left + box.width / 2 - (frame.left + frame.width / 2);
    chart.scrollTop += box.top + box.height / 2 - (frame.top + frame.height / 2);
  }, [svg, zoom]);

  const onKeyDown = (event: KeyboardEvent) => {
    const action = { '+': 1, '=': 1, '-': -1, '−': -1, '0': 0 }[event.key];
    if (action === undefined) return;
    event.preventDefault();
    if (action === 0) setZoom(null);
    else step(action as 1 | -1);
  };
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
  const onClick = (event: MouseEvent) => {
    const box = (event.target as Element).closest('[data-state-id]');
    setPicked(box?.getAttribute('data-state-id') ?? null);
  };

  const pickedNode = picked ? signInMachine.getStateNodeById(picked) : null;
  const pickedDescription = pickedNode ? descriptionOf(pickedNode) : undefined;
  // Fit: the SVG fills the frame and its viewBox keeps the whole chart inside it ("meet").
  const size = zoom === null ? { width: '100%', height: '100%' } : { width: `${width * zoom}px`, height: `${height * zoom}px` };
  return (
    <>
      <div className="chart-tools" role="toolbar" aria-label="Chart view">
        <button type="button" className="secondary small" aria-pressed={zoom === null} onClick={() => setZoom(null)}>
          Fit
        </button>
        <button type="button" className="secondary small" aria-label="Zoom in" onClick={() => step(1)}>
          +
        </button>
        <button type="button" className="secondary small" aria-label="Zoom out" onClick={() => step(-1)}>
          −
        </button>
        <span data-testid="chart-zoom">{zoom === null ? 'Fit' : `${Math.round(zoom * 100)}%`}</span>
      </div>
      {/* Scrollable and keyboard-operable: + − 0 zoom, arrow keys pan. */}
      <div
        className={zoom === null ? 'chart fit' : 'chart'}
        ref={chartRef}
        data-testid="statechart"
        tabIndex={0}
        role="group"
        aria-label="Statechart drawing"
        onKeyDown={onKeyDown}
        onClick={onClick}
      >
        <div className="chart-canvas" style={size} dangerouslySetInnerHTML={{ __html: svg }} />
      </div>
      {pickedNode && (
        <section className="state-transitions" aria-label="Transitions of the chosen state">
          <h3>
            <code>{pickedNode.path.join('.')}</code>
            {pickedDescription ? `: ${pickedDescription}` : ''}
          </h3>
          <table>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Guard</th>
                <th scope="col">Target</th>
              </tr>
            </thead>
            <tbody>
              {transitionsOf(pickedNode).map((row, index) => (
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
        </section>
      )}
    </>
  );
}
