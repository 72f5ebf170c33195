/**
 * Failures of the Sui node and the faucet, as messages a visitor can act on. The spec's
 * catalogue names none for the node, so these are ours: what could not be done, why in
 * plain words, and the node's own reason where it gave one.
 */
export class NodeError extends Error {
  /**
   * `SUI_NODE`; or `SUI_NODE_OUTCOME_UNKNOWN`: a transaction was sent, its answer was lost,
   * and it was not found on chain afterwards, so it may yet have been executed.
   */
  readonly code: 'SUI_NODE' | 'SUI_NODE_OUTCOME_UNKNOWN';
  /**
   * The node could not be asked (no connection, no answer in time, an HTTP failure, an
   * answer we could not read), as opposed to a node that answered no.
   */
  readonly unreachable: boolean;
  constructor(message: string, unreachable = false, code: NodeError['code'] = 'SUI_NODE') {
    super(message);
    this.name = 'NodeError';
    this.unreachable = unreachable;
    this.code = code;
  }
}

/** What the node (a GraphQL error) or the transfer's resolution says, made readable. */
export function refusalMessage(what: string, reason: string): string {
  if (/InsufficientCoinBalance/.test(reason)) {
    return 'Not enough SUI: the amount and the gas fee together are more than your balance.';
  }
  if (/left to pay for gas|No valid gas coins|Cannot find gas coin/i.test(reason)) {
    return 'You have no SUI left to pay the gas fee. Get test SUI first.';
  }
  return `The Sui node refused to ${what}: ${reason.replace(/^Transaction resolution failed: /, '')}`;
}

/**
 * Why the node could not be asked, in words (no connection, no answer in time, an HTTP
 * failure with its status, an answer we could not read); null when it answered, or when the
 * request was stopped.
 */
function unasked(error: unknown): { why: string; status?: number; timedOut?: true } | null {
  const name = (error as { name?: string })?.name;
  const message = (error as { message?: string })?.message ?? '';
  if (name === 'TimeoutError') return { why: 'did not answer in time', timedOut: true };
  // fetch's own failure: no connection, DNS, CORS or CSP.
  if (error instanceof TypeError && /fetch|network|load failed/i.test(message)) return { why: 'could not be reached' };
  const status = /GraphQL request failed: .*\((\d+)\)/.exec(message)?.[1];
  if (status) return { why: `answered with HTTP ${status}`, status: Number(status) };
  if (error instanceof SyntaxError || message === 'Missing response data') return { why: 'sent an answer we could not read' };
  return null;
}

/**
 * Where the node could not be asked, `consequence` says what that leaves the visitor with
 * (by default, "so we could not <what>").
 */
export function nodeErrorOf(
  error: unknown,
  context: { host: string; what: string; service?: string; consequence?: string },
): NodeError {
  if (error instanceof NodeError) return error;
  const service = context.service ?? 'Sui node';
  if ((error as { name?: string })?.name === 'AbortError') return new NodeError(`Stopped before we could ${context.what}.`);
  const problem = unasked(error);
  if (problem) {
    const otherwise = `so we could not ${context.what}${problem.timedOut ? '. Please try again' : ''}`;
    return new NodeError(`The ${service} (${context.host}) ${problem.why}, ${context.consequence ?? otherwise}.`, true);
  }
  return new NodeError(refusalMessage(context.what, (error as { message?: string })?.message || 'no reason given'));
}

/**
 * Whether a request that failed may still have been carried out by the node: its answer was
 * lost (unasked: no answer in time, a dropped connection, a server's HTTP failure, an answer
 * we could not read; or an abort, where no caller could stop it: its own deadline), where a
 * refusal (a GraphQL error, an HTTP 4xx but 408) says it was not.
 */
export function mayHaveRun(error: unknown): boolean {
  if ((error as { name?: string })?.name === 'AbortError') return true;
  const problem = unasked(error);
  if (!problem) return false;
  return problem.status === undefined || problem.status >= 500 || problem.status === 408;
}
