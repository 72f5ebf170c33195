/**
 * A box for a secret value (the JWT, a fragment carrying it) that travels through the
 * machine's context and events. It cannot leak by accident: JSON, string conversion and
 * console inspection all show "[redacted]"; only `reveal()` gives the value.
 */
export class Secret<T = string> {
  readonly #value: T;

  constructor(value: T) {
    this.#value = value;
  }

  reveal(): T {
    return this.#value;
  }

  toJSON(): string {
    return '[redacted]';
  }

  toString(): string {
    return '[redacted]';
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return 'Secret([redacted])';
  }
}
