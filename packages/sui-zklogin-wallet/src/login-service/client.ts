/**
 * The login-service client, compatible with Enoki API v1: `${base}/v1/${path}`, bearer
 * application key, JSON content type, a fresh Request-Id, the JWT in `zklogin-jwt`
 * (never in the URL), `{ data }` envelopes. Every request has a timeout and can be
 * cancelled by the caller's signal (the machine aborts it when the visitor signs out).
 */
import * as v from 'valibot';
import type { Network } from '../identity.ts';
import { LoginServiceError } from './errors.ts';
import { ErrorEnvelope, LoginAnswer, NonceAnswer, ProofAnswer, envelope } from './schemas.ts';

export interface LoginServiceOptions {
  baseUrl: string;
  apiKey: string;
  /** Per-attempt timeout; default 15 s. */
  timeoutMs?: number;
  /** Extra attempts after HTTP 429 or 503; default 2. */
  maxRetries?: number;
  /** The longest Retry-After we wait for before giving the visitor the choice; default 10 s. */
  maxRetryDelayMs?: number;
  fetch?: typeof fetch;
  /** Waits between attempts (tests replace it). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The clock for Retry-After across calls (tests replace it). */
  now?: () => number;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface LoginServiceClient {
  createNonce(
    input: { network: Network; ephemeralPublicKey: string; additionalEpochs?: number },
    options?: CallOptions,
  ): Promise<NonceAnswer>;
  getLogin(input: { jwt: string }, options?: CallOptions): Promise<LoginAnswer>;
  createProof(
    input: { jwt: string; network: Network; ephemeralPublicKey: string; maxEpoch: number; randomness: string },
    options?: CallOptions,
  ): Promise<ProofAnswer>;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
const RETRYABLE_STATUSES = new Set([429, 503]);
const BASE_BACKOFF_MS = 500;

/** Waits `ms`, or rejects as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

interface RequestSpec<T extends v.GenericSchema> {
  method: 'GET' | 'POST';
  path: string;
  answer: T;
  body?: unknown;
  jwt?: string;
  signal?: AbortSignal;
}

export function createLoginServiceClient(options: LoginServiceOptions): LoginServiceClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const maxRetries = options.maxRetries ?? 2;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;
  const wait = options.sleep ?? sleep;
  const now = options.now ?? Date.now;
  // A "try later" answer speaks for the service, not for one call: the next call (the
  // click after a failed warm start, or "Try again") also waits until then.
  let notBefore = 0;

  async function waitFor(ms: number, signal: AbortSignal | undefined) {
    try {
      await wait(ms, signal);
    } catch {
      throw new LoginServiceError(0, 'aborted', 'The request to the login service was cancelled.');
    }
  }

  /**
   * One call with retries: only "try later" answers (429, 503) are retried, after the
   * service's Retry-After when it gave one (and it is not too long), else with
   * exponential backoff. Everything else goes straight to the visitor. A call made while
   * an earlier Retry-After is still running first waits for the rest of it.
   */
  async function request<T extends v.GenericSchema>(spec: RequestSpec<T>): Promise<v.InferOutput<T>> {
    const pause = notBefore - now();
    if (pause > 0 && pause <= maxRetryDelayMs) await waitFor(pause, spec.signal);
    for (let attempt = 0; ; attempt++) {
      try {
        return await attemptOnce(spec);
      } catch (error) {
        if (!(error instanceof LoginServiceError) || !RETRYABLE_STATUSES.has(error.status)) throw error;
        if (error.retryAfter !== undefined) notBefore = now() + error.retryAfter * 1000;
        if (attempt >= maxRetries) throw error;
        const delay = error.retryAfter !== undefined ? error.retryAfter * 1000 : BASE_BACKOFF_MS * 2 ** attempt;
        if (delay > maxRetryDelayMs) throw error;
        await waitFor(delay, spec.signal);
      }
    }
  }

  async function attemptOnce<T extends v.GenericSchema>(spec: RequestSpec<T>): Promise<v.InferOutput<T>> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${options.apiKey}`,
      'Content-Type': 'application/json',
      'Request-Id': crypto.randomUUID(),
    };
    if (spec.jwt !== undefined) headers['zklogin-jwt'] = spec.jwt;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = spec.signal ? AbortSignal.any([spec.signal, timeout]) : timeout;

    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}/v1/${spec.path}`, {
        method: spec.method,
        headers,
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        signal,
      });
      text = await response.text();
    } catch (error) {
      throw failureOf(error, timeout.aborted, timeoutMs);
    }
    if (!response.ok) throw httpError(response, text);
    const parsed = v.safeParse(envelope(spec.answer), parseJson(text));
    if (!parsed.success) {
      throw new LoginServiceError(
        response.status,
        'malformed_response',
        'The login service sent an answer this app does not understand. Please try again.',
      );
    }
    return parsed.output.data;
  }

  return {
    createNonce: (input, call) =>
      request({ method: 'POST', path: 'zklogin/nonce', body: input, answer: NonceAnswer, signal: call?.signal }),
    getLogin: ({ jwt }, call) => request({ method: 'GET', path: 'zklogin', jwt, answer: LoginAnswer, signal: call?.signal }),
    createProof: ({ jwt, ...body }, call) =>
      request({ method: 'POST', path: 'zklogin/zkp', jwt, body, answer: ProofAnswer, signal: call?.signal }),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function failureOf(error: unknown, timedOut: boolean, timeoutMs: number): LoginServiceError {
  if (timedOut) {
    const seconds = Math.round(timeoutMs / 1000);
    return new LoginServiceError(0, 'timeout', `The login service did not answer within ${seconds} seconds. Please try again.`);
  }
  if (error instanceof DOMException && error.name === 'AbortError') {
    return new LoginServiceError(0, 'aborted', 'The request to the login service was cancelled.');
  }
  return new LoginServiceError(0, 'network_error', 'Could not reach the login service. Check your connection and try again.');
}

function httpError(response: Response, text: string): LoginServiceError {
  const parsed = v.safeParse(ErrorEnvelope, parseJson(text));
  const first = parsed.success ? parsed.output.errors[0] : undefined;
  const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
  const fallback = `The login service answered with HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}. Please try again.`;
  const message = first?.message
    ? `The login service answered with an error (HTTP ${response.status}): ${first.message}`
    : fallback;
  return new LoginServiceError(response.status, first?.code ?? `http_${response.status}`, message, retryAfter);
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
