// Whether a key's name says its value is a secret, and whether a value under such a key looks like
// one. Names are matched by the secret words they contain (DB_PASSWORD, session_token,
// awsSecretAccessKey), not against a fixed list, because logs name their credentials freely; the
// words that make a name about a secret rather than one (token_count, password_hint, api_key_id)
// keep it out.
import { shannonEntropy } from './entropy';

/** The kind recorded for a value replaced because of its key's name. */
export const SECRET_NAMED_FIELD = 'secret-named-field';

/** A password-like name takes shorter and plainer values than a token- or key-like one. */
export type SecretNameKind = 'password' | 'token';

/** A word of a name that is itself a secret word, alone or at the end of a compound word. */
const PASSWORD_WORD = /^(?:.*(?:password|passwd|passphrase)|pwd|pass|passw)$/;
const TOKEN_WORD =
  /^(?:.*(?:secret|secrets|token|credential|credentials|apikey|accesskey|privatekey|secretkey|authkey)|creds|auth|authorization|pat)$/;
/** Words that, followed by `key`, name a key that is a secret. */
const KEY_QUALIFIERS = new Set([
  'api',
  'access',
  'private',
  'secret',
  'signing',
  'encryption',
  'master',
  'auth',
  'session',
  'license',
  'client',
  'account',
]);

/**
 * Words that make a name about a secret without being one: its length, id, type, where it lives,
 * a count of model tokens, a pagination or tokenizer token, a public or CSRF token.
 */
const NOT_SECRET = new Set(
  (
    'id ids name names count counts len length size type types url uri urls endpoint file files ' +
    'path paths dir limit limits max min num n usage used total budget expiry expires expiration ' +
    'expire expired ttl var vars field fields prompt completion input output cached tokens ' +
    'tokenizer tokenize tokenized hint label policy required enabled enable disabled format ' +
    'version header headers scheme strategy rotation timestamp reset forgot regex pattern prefix ' +
    'suffix index idx position pos public publishable csrf xsrf next page cursor continuation ' +
    'eos bos pad unk sep cls mask special idempotency cancellation placeholder example dummy fake ' +
    'mock description desc help prompted masked redacted present exists missing ref arn'
  ).split(' '),
);

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/** Whether a name is about a secret rather than one (its length, id, type, a model token count). */
export function namesNoSecret(name: string): boolean {
  return words(name).some((word) => NOT_SECRET.has(word));
}

/** Whether the name says its value is a secret, and of which kind; null when it does not. */
export function secretNameKind(name: string): SecretNameKind | null {
  if (name.length > 80) return null;
  const parts = words(name);
  if (parts.length === 0 || parts.some((word) => NOT_SECRET.has(word))) return null;
  if (parts.some((word) => PASSWORD_WORD.test(word))) return 'password';
  if (parts.some((word) => TOKEN_WORD.test(word))) return 'token';
  const keyed = parts.some(
    (word, index) => word === 'key' && index > 0 && KEY_QUALIFIERS.has(parts[index - 1] ?? ''),
  );
  return keyed ? 'token' : null;
}

/** Values that stand for a secret without being one: placeholders, variables, markers. */
const PLACEHOLDER =
  /^(?:true|false|null|none|nil|undefined|required|optional|string|hidden)$|^(?:pass(?:word)?|secret|token|admin|test|qwerty|letmein)[-_!]?\d{0,6}$|^[$%@<{[]|^(?:my|some)[-_ ]|example|placeholder|changeme|change[-_]me|dummy|redacted|xxxx|\*{3}|\.\.\.|^(.)\1*$/i;

/**
 * `your_api_key`, `YOUR-TOKEN`, `yourpassword`; matched by case, since a random value may start
 * with "your" in any case (YOURUI7EIWeR_472).
 */
const YOUR_PLACEHOLDER = /^(?:your|Your|YOUR)(?:[-_ ]|[a-z]*$)/;

/** Whether a value only stands for a secret: a placeholder, a variable, a marker, a demo word. */
export function isPlaceholder(value: string): boolean {
  const trimmed = value.trim();
  return PLACEHOLDER.test(trimmed) || YOUR_PLACEHOLDER.test(trimmed);
}
/** A dotted identifier or a call: code that reads a secret, not the secret. */
const CODE = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?:\(.*)?$|\(/;

/**
 * Whether a letters-only value is random rather than a word or an identifier: long, and its case
 * flips at about every other letter (a random mix flips at half of them, camelCase words at one
 * in four or fewer). gitleaks' plain-word allowlist would take a random all-letter token (one in
 * about 300 random 32-character tokens) for a word.
 */
function randomLetters(value: string): boolean {
  if (value.length < 20) return false;
  const upper = (ch: string) => ch >= 'A' && ch <= 'Z';
  let flips = 0;
  for (let i = 1; i < value.length; i += 1) {
    if (upper(value.charAt(i)) !== upper(value.charAt(i - 1))) flips += 1;
  }
  return flips / (value.length - 1) > 0.35;
}

/**
 * Whether a value under a secret-named key looks like a real secret: long enough, not a
 * placeholder or code, not a plain word (gitleaks' own allowlist for its generic rule), not a short
 * number, and above an entropy floor (lower for passwords, which people choose).
 */
export function looksLikeSecretValue(value: string, kind: SecretNameKind): boolean {
  if (value.length < (kind === 'password' ? 6 : 8) || value.length > 1024) return false;
  if (/\s/.test(value) || isPlaceholder(value) || CODE.test(value)) return false;
  if (/^[a-zA-Z_.-]+$/.test(value) && !randomLetters(value)) return false;
  if (/^\d+$/.test(value) && value.length < 12) return false;
  return shannonEntropy(value) > (kind === 'password' ? 2 : 3);
}
