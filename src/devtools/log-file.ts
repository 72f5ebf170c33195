/**
 * A transition log saved by "Download log" (or "Copy as JSON"), read back for replay. A log
 * may come from a stranger's bug report, so it is untrusted input: checked against a schema
 * here, and only ever shown as text (React escapes it), never as markup or inside the SVG.
 */
import * as v from 'valibot';
import type { TransitionEntry } from '../transition-log/transition-log.ts';

const EntrySchema = v.object({
  at: v.pipe(v.string(), v.isoTimestamp('"at" must be an ISO time')),
  event: v.pipe(v.string('"event" must be a string'), v.maxLength(300, '"event" is too long')),
  from: v.pipe(v.string('"from" must be a string'), v.maxLength(300, '"from" is too long')),
  to: v.pipe(v.string('"to" must be a string'), v.minLength(1, '"to" must name a state'), v.maxLength(300, '"to" is too long')),
  sourceDurationMs: v.number('"sourceDurationMs" must be a number'),
  payload: v.unknown(),
  // Logs saved before the context was recorded have none.
  context: v.optional(v.record(v.string(), v.unknown(), '"context" must be an object')),
});

const LogSchema = v.pipe(
  v.array(EntrySchema, 'it must be a list of transitions'),
  v.minLength(1, 'it holds no transition'),
  v.maxLength(10_000, 'it holds more than 10,000 transitions'),
);

export type LogFileResult = { ok: true; entries: TransitionEntry[] } | { ok: false; error: string };

/** The largest file read back: the longest log the app keeps, with its context, is well under it. */
export const MAX_LOG_FILE_BYTES = 32 * 1024 * 1024;
/** The deepest nesting read back: what the app writes goes about a dozen levels deep. */
const MAX_LOG_DEPTH = 64;

export const LOG_FILE_TOO_LARGE = 'This file is too large to be a transition log of this app (more than 32 MB).';
const TOO_DEEP = `This file is not a transition log of this app: it is nested more than ${MAX_LOG_DEPTH} levels deep.`;

/**
 * How deep the JSON text nests, counted without parsing (outside strings), stopping past
 * `limit`: a file nested a hundred thousand levels deep would overflow the stack of every
 * recursive step after JSON.parse (the schema, the rendering), so it is refused first.
 */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      if (++depth > limit) return true;
    } else if (char === ']' || char === '}') depth--;
  }
  return false;
}

/** Reads a downloaded log; a bad file gets one clear sentence, never a crash. */
export function parseLogFile(text: string): LogFileResult {
  // (The file's size in bytes is checked before it is read; a text of more characters than that is larger still.)
  if (text.length > MAX_LOG_FILE_BYTES) return { ok: false, error: LOG_FILE_TOO_LARGE };
  if (nestsDeeperThan(text, MAX_LOG_DEPTH)) return { ok: false, error: TOO_DEEP };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'This file is not a transition log: it is not JSON.' };
  }
  const result = v.safeParse(LogSchema, json);
  if (result.success) return { ok: true, entries: result.output as TransitionEntry[] };
  const [issue] = result.issues;
  const index = issue.path?.[0]?.key;
  const where = typeof index === 'number' ? ` (transition ${index + 1})` : '';
  return { ok: false, error: `This file is not a transition log of this app${where}: ${issue.message}.` };
}
