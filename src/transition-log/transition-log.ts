/**
 * The transition log: every state change of signInMachine with its time, event, source
 * and target, and how long the source state lasted. Payloads are redacted exactly as
 * the inspector's are. Always on: the devtools panel shows it, "Copy as JSON" exports it
 * for a bug report, and end-to-end tests attach it to their reports. The page records
 * transitions from the start and loads this code later (transition-recorder.ts).
 *
 * The redaction is here too, and the inspector (inspector.ts) uses it: one chunk for both.
 */
import type { InspectionEvent } from 'xstate';
import { isRootSnapshot, TRANSITION_LOG_LIMIT } from './transition-log-rules.ts';

/**
 * Redaction of secrets from anything shown to developers (this log, the inspector): the
 * jwt, id_token, keys, randomness, proof and signature inputs. Secret boxes already print
 * as "[redacted]"; this catches secrets by name wherever they sit in plain objects. What
 * the account signs is the visitor's business, not a bug report's: a signature, the
 * message it signs, a dApp's transaction (its JSON, and the bytes a dry run built) and a
 * dApp's personal message are redacted, in the request (the event and the context) and in
 * what signing gave back (the signed bytes are the message).
 */
// The visitor's email too: not a secret, but personal, and a log is shared as a bug report.
const SECRET_NAMES =
  /^(jwt|id_?token|fragment|ephemeralKeyPair|privateKey|secretKey|randomness|proof|proofPoints|salt|email|signature|signedMessage|transaction|bytes)$/i;

/**
 * How deep the redaction looks into a value. Whatever lies deeper is not looked at, so it
 * reads "[redacted]": a secret under a name the redaction knows is never let through
 * because it sits too deep.
 */
export const REDACTION_DEPTH = 8;

/** The field of an event that carries what the account signs or signed, by the event's type. */
const SIGNED_FIELDS: Readonly<Record<string, string>> = {
  'user.signMessage': 'message',
  'xstate.done.actor.signMessage': 'output',
  'xstate.done.actor.walletRequest': 'output',
};

export function redact(value: unknown, depth = 0): unknown {
  if (depth > REDACTION_DEPTH) return '[redacted]';
  if (value === null || typeof value !== 'object') {
    return typeof value === 'string' && /^eyJ[\w-]+\.[\w-]+\.[\w-]*$/.test(value) ? '[redacted]' : value;
  }
  // What the value says it is in JSON (a Secret's "[redacted]", a date's text), redacted in turn.
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return redact((value as { toJSON: () => unknown }).toJSON(), depth + 1);
  }
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const result: Record<string, unknown> = {};
  const { kind, type } = value as { kind?: unknown; type?: unknown };
  const privateField = kind === 'signPersonalMessage' ? 'message' : typeof type === 'string' ? SIGNED_FIELDS[type] : undefined;
  for (const [name, item] of Object.entries(value)) {
    result[name] = SECRET_NAMES.test(name) || name === privateField ? '[redacted]' : redact(item, depth + 1);
  }
  return result;
}

export interface TransitionEntry {
  /** When it happened (ISO time). */
  at: string;
  event: string;
  /**
   * Dotted state paths, e.g. 'logged-out.done.cold'; a parallel state names each of its regions,
   * joined by ' + ' ('account.session.signed-in + account.chain.idle + account.wallet.waiting'); '' before the machine started.
   */
  from: string;
  to: string;
  /** How long the source state lasted, in milliseconds. */
  sourceDurationMs: number;
  /** The event, redacted of secrets. */
  payload: unknown;
  /** The machine's context after the transition, redacted of secrets (shared, frozen, by entries where it did not change). */
  context?: Readonly<Record<string, unknown>>;
}

export interface TransitionLog {
  /** Feed it the actor's inspection events (createActor's `inspect` option); `at`: when it happened, if earlier than now. */
  observe(event: InspectionEvent, at?: number): void;
  entries(): readonly TransitionEntry[];
  /** Grows with every entry, also once the log is full and its length no longer changes. */
  version(): number;
  subscribe(listener: (entry: TransitionEntry) => void): () => void;
  toJSON(): string;
}

/** Every active leaf's dotted path: ['account.session.signed-in', 'account.chain.idle', …] from the parallel `account`. */
function leafPaths(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const below = leafPaths(child);
    return below.length === 0 ? [key] : below.map((path) => `${key}.${path}`);
  });
}

/** Joins regions of a parallel state with this (a state name never holds it). */
export const REGION_SEPARATOR = ' + ';

/** 'logged-out.done.cold' from { 'logged-out': { done: 'cold' } }; 'account.session.signed-in + account.chain.idle + …' from the parallel account. */
export function statePath(value: unknown): string {
  return leafPaths(value).join(REGION_SEPARATOR);
}

/**
 * `report` hears of every entry, in order (as a `subscribe` listener would); `earlier`: the
 * root machine's snapshots, each with the time it arrived, kept until this code had loaded
 * (transition-recorder.ts), logged first.
 */
export function createTransitionLog(
  options: {
    limit?: number;
    now?: () => number;
    report?: (entry: TransitionEntry) => void;
    earlier?: readonly (readonly [inspection: InspectionEvent, at: number])[];
  } = {},
): TransitionLog {
  const limit = options.limit ?? TRANSITION_LOG_LIMIT;
  const now = options.now ?? Date.now;
  const entries: TransitionEntry[] = [];
  const listeners = new Set<(entry: TransitionEntry) => void>();
  let current = '';
  let version = 0;
  let enteredAt = now();
  // Most transitions leave the context as it was: such entries share one (frozen) copy,
  // so that a full log holds a few contexts rather than one per entry.
  let lastContext: { json: string; value: Readonly<Record<string, unknown>> } | undefined;
  const contextOf = (raw: unknown): Readonly<Record<string, unknown>> => {
    const value = redact(raw ?? {}) as Record<string, unknown>;
    let json: string;
    try {
      json = JSON.stringify(value);
    } catch {
      return Object.freeze(value);
    }
    if (lastContext?.json !== json) lastContext = { json, value: Object.freeze(value) };
    return lastContext.value;
  };

  const log: TransitionLog = {
    observe(inspection, time = now()) {
      if (!isRootSnapshot(inspection)) return;
      const to = statePath((inspection.snapshot as { value?: unknown }).value);
      if (to === current) return;
      const entry: TransitionEntry = {
        at: new Date(time).toISOString(),
        event: inspection.event.type,
        from: current,
        to,
        sourceDurationMs: current === '' ? 0 : time - enteredAt,
        payload: redact(inspection.event),
        context: contextOf((inspection.snapshot as { context?: unknown }).context),
      };
      current = to;
      enteredAt = time;
      entries.push(entry);
      if (entries.length > limit) entries.shift();
      version += 1;
      listeners.forEach((listener) => listener(entry));
    },
    entries: () => entries,
    version: () => version,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    toJSON: () => JSON.stringify(entries, null, 2),
  };
  if (options.report) log.subscribe(options.report);
  options.earlier?.forEach(([inspection, at]) => log.observe(inspection, at));
  return log;
}
