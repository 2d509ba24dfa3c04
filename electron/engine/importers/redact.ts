// Redacts secrets that harnesses leave in config blocks (api keys, tokens, auth headers).
import { setOwn } from './canonical-json';

const SECRET_KEY =
  /^(api[-_]?key|[a-z0-9]+[-_]api[-_]?key|access[-_]?token|auth[-_]?token|refresh[-_]?token|bearer[-_]?token|token|secret|client[-_]?secret|password|authorization|x[-_]api[-_]key)$/i;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g;
const KEY_LIKE = /\b(sk-[A-Za-z0-9_-]{16,}|sk-ant-[A-Za-z0-9_-]{16,}|hf_[A-Za-z0-9]{20,})\b/g;

export const REDACTED = '[REDACTED]';

/** Returns a copy of value with secret-named fields and key-like strings replaced. */
export function redactSecrets(value: unknown): unknown {
  if (typeof value === 'string') return redactString(value);
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      const secret = SECRET_KEY.test(key) && inner !== null && inner !== '';
      setOwn(out, key, secret ? REDACTED : redactSecrets(inner));
    }
    return out;
  }
  return value;
}

function redactString(text: string): string {
  return text.replace(BEARER, `$1 ${REDACTED}`).replace(KEY_LIKE, REDACTED);
}
