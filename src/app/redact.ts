/**
 * Redaction of secrets from anything shown to developers (the inspector, logs): the jwt,
 * id_token, keys, randomness, proof and signature inputs. Secret boxes already print as
 * "[redacted]"; this catches secrets by name wherever they sit in plain objects.
 */
const SECRET_NAMES = /^(jwt|id_?token|fragment|ephemeralKeyPair|privateKey|secretKey|randomness|proof|proofPoints|salt)$/i;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') {
    return typeof value === 'string' && /^eyJ[\w-]+\.[\w-]+\.[\w-]*$/.test(value) ? '[redacted]' : value;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return (value as { toJSON: () => unknown }).toJSON();
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const result: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    result[name] = SECRET_NAMES.test(name) ? '[redacted]' : redact(item, depth + 1);
  }
  return result;
}
