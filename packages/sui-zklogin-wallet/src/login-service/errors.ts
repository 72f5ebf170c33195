/**
 * The one error type of the login-service client: HTTP status (0 when no answer came),
 * a stable code, and a message fit to show the visitor.
 */
export type LoginServiceErrorCode = 'network_error' | 'timeout' | 'aborted' | 'malformed_response' | (string & {}); // the service's own error code, or http_<status>

export class LoginServiceError extends Error {
  readonly status: number;
  readonly code: LoginServiceErrorCode;
  /** Seconds the service asked us to wait before retrying (Retry-After), if it said. */
  readonly retryAfter?: number;

  constructor(status: number, code: LoginServiceErrorCode, message: string, retryAfter?: number) {
    super(message);
    this.name = 'LoginServiceError';
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}
