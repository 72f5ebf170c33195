/**
 * The transition log beside the chart: every entry with its whole event name and its
 * states shortened to one line (in full on hover and in the step's details), the selected
 * step's redacted payload, and the ways to keep a log (copy, download) or replay one (load).
 * Whatever a loaded log holds is rendered as React text, so it is escaped: never markup.
 */
import { useState, type ChangeEvent } from 'react';
import type { TransitionEntry } from '../transition-log/transition-log.ts';
import { shortStatePath } from './chart-focus.ts';
import { LOG_FILE_TOO_LARGE, MAX_LOG_FILE_BYTES, parseLogFile } from './log-file.ts';

const TIME_FORMAT = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
  hour12: false,
});
const formatTime = (iso: string) => TIME_FORMAT.format(new Date(iso));

/**
 * A dotted name (an event, a state path) that may wrap only after its dots, so a narrow
 * column shows whole words ("xstate.done.actor." / "loadBalance") and the text copied
 * from it is unchanged.
 */
export function BreakAtDots({ text }: { text: string }) {
  const parts = text.split('.');
  return (
    <>
      {parts.map((part, index) => (
        <span key={index}>
          {part}
          {index < parts.length - 1 && (
            <>
              .<wbr />
            </>
          )}
        </span>
      ))}
    </>
  );
}

/**
 * A state path on one line of the log, shortened when long: the full path on hover, for
 * screen readers (and the text copied from the row), and in the step's details.
 */
function StatePath({ path }: { path: string }) {
  const short = shortStatePath(path);
  if (short === path) return <>{path}</>;
  return (
    <>
      <span className="short-path" title={path} aria-hidden="true">
        {short}
      </span>
      <span className="visually-hidden">{path}</span>
    </>
  );
}

interface Props {
  entries: readonly TransitionEntry[];
  /** The index of the step the chart shows. */
  shown: number;
  onSelect: (index: number) => void;
  /** A loaded log's file name, when replaying one. */
  replaying: string | null;
  onLoad: (name: string, entries: TransitionEntry[]) => void;
  onLive: () => void;
}

function download(entries: readonly TransitionEntry[]) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(entries, null, 2)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: 'sign-in-transitions.json' });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The context keys whose (redacted) value differs from the step before, as text. */
function ContextChanges({ before, after }: { before?: Record<string, unknown>; after?: Record<string, unknown> }) {
  if (!after) return <p className="log-hint">This log did not record the context.</p>;
  const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));
  const changed = Object.keys({ ...before, ...after }).filter((key) => show(before?.[key]) !== show(after[key]));
  if (changed.length === 0) return <p className="log-hint">Nothing changed.</p>;
  return (
    <ul className="context-changes">
      {changed.map((key) => (
        <li key={key}>
          <code>{key}</code>: {show(before?.[key])} → {show(after[key])}
        </li>
      ))}
    </ul>
  );
}

export function TransitionLogView({ entries, shown, onSelect, replaying, onLoad, onLive }: Props) {
  const [copied, setCopied] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const selected = entries[shown];

  const load = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // A file past the limit is not even read.
    const result =
      file.size > MAX_LOG_FILE_BYTES ? { ok: false as const, error: LOG_FILE_TOO_LARGE } : parseLogFile(await file.text());
    setLoadError(result.ok ? null : result.error);
    if (result.ok) onLoad(file.name, result.entries);
  };
  const copy = () =>
    navigator.clipboard.writeText(JSON.stringify(entries, null, 2)).then(
      () => setCopied(true),
      () => setCopied(false),
    );

  return (
    <section className="transition-log" aria-label="Transition log">
      <header className="devtools-header">
        <h2>Transition log</h2>
        <div className="log-actions">
          <button type="button" className="secondary small" onClick={copy}>
            {copied ? 'Copied' : 'Copy as JSON'}
          </button>
          <button type="button" className="secondary small" onClick={() => download(entries)}>
            Download log
          </button>
          <label className="secondary small file-button">
            Load log
            <input type="file" accept="application/json,.json" onChange={(event) => void load(event)} />
          </label>
        </div>
      </header>
      {loadError && (
        <p className="log-error" role="alert">
          {loadError}
        </p>
      )}
      {replaying !== null && (
        <p className="replaying" role="status">
          Replaying <strong>{replaying}</strong> (read-only), step {shown + 1} of {entries.length}.{' '}
          <button type="button" className="secondary small" onClick={onLive}>
            Back to live
          </button>
        </p>
      )}
      <p className="log-hint">Select a step, or use ← and →, to see the chart as it was then.</p>
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
            {entries
              .map((entry, index) => ({ entry, index }))
              .reverse()
              .map(({ entry, index }) => (
                <tr key={index} className={index === shown ? 'selected' : undefined}>
                  <td>{formatTime(entry.at)}</td>
                  <td>
                    <button type="button" className="log-entry" aria-pressed={index === shown} onClick={() => onSelect(index)}>
                      <code>
                        <BreakAtDots text={entry.event} />
                      </code>
                    </button>
                  </td>
                  <td className="states">{entry.from ? <StatePath path={entry.from} /> : '—'}</td>
                  <td className="states">
                    <StatePath path={entry.to} />
                  </td>
                  <td>{entry.sourceDurationMs} ms</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
      {selected && (
        <section className="step-detail" aria-label="Selected step">
          <h3>
            Step {shown + 1}: <code>{selected.event}</code>
          </h3>
          <p>
            {selected.from || '(start)'} → {selected.to}
          </p>
          <h4>Event</h4>
          <pre tabIndex={0}>{JSON.stringify(selected.payload, null, 2)}</pre>
          <h4>What changed in the context</h4>
          <ContextChanges before={entries[shown - 1]?.context} after={selected.context} />
        </section>
      )}
    </section>
  );
}
