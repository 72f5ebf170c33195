/**
 * Failures of the Sui node and the faucet, as messages a visitor can act on. The spec's
 * catalogue names none for the node, so these are ours: what could not be done, why in
 * plain words, and the node's own reason where it gave one.
 */
export class NodeError extends Error {
  readonly code = 'SUI_NODE';
  /**
   * The node could not be asked (no connection, no answer in time, an HTTP failure, an
   * answer we could not read), as opposed to a node that answered no.
   */
  readonly unreachable: boolean;
  constructor(message: string, unreachable = false) {
    super(message);
    this.name = 'NodeError';
    this.unreachable = unreachable;
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

export function nodeErrorOf(error: unknown, context: { host: string; what: string; service?: string }): NodeError {
  if (error instanceof NodeError) return error;
  const service = context.service ?? 'Sui node';
  const name = (error as { name?: string })?.name;
  const message = (error as { message?: string })?.message ?? '';
  if (name === 'TimeoutError') {
    return new NodeError(
      `The ${service} (${context.host}) did not answer in time, so we could not ${context.what}. Please try again.`,
      true,
    );
  }
  if (name === 'AbortError') return new NodeError(`Stopped before we could ${context.what}.`);
  // fetch's own failure: no connection, DNS, CORS or CSP.
  if (error instanceof TypeError && /fetch|network|load failed/i.test(message)) {
    return new NodeError(`The ${service} (${context.host}) could not be reached, so we could not ${context.what}.`, true);
  }
  if (/GraphQL request failed: .*\((\d+)\)/.test(message)) {
    const status = /\((\d+)\)/.exec(message)![1];
    return new NodeError(`The ${service} (${context.host}) answered with HTTP ${status}, so we could not ${context.what}.`, true);
  }
  if (error instanceof SyntaxError || message === 'Missing response data') {
    return new NodeError(
      `The ${service} (${context.host}) sent an answer we could not read, so we could not ${context.what}.`,
      true,
    );
  }
  return new NodeError(refusalMessage(context.what, message || 'no reason given'));
}
