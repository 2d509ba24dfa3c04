// Secrets found by their key's name in text: `DB_PASSWORD=...`, `session_token: ...`,
// `"AWS_SECRET_ACCESS_KEY": "..."` (also with escaped quotes, as JSON printed inside a JSON
// string has them), `?access_token=...&`. gitleaks' generic rule needs the value to end in a quote,
// a space, `;` or a line end, so a value followed by `&`, `.`, `)`, `,` or `:` slipped through;
// here an unquoted value ends where its own alphabet ends, and a quoted one at its closing quote.
import { looksLikeSecretValue, SECRET_NAMED_FIELD, secretNameKind } from './secret-names';
import type { SecretFinding } from './secret-scanner';

/**
 * Where a secret-named key may be: the words secretNameKind accepts. Searched in the text itself,
 * not a lowered copy, whose positions can differ (some characters lower to two).
 */
const KEY_WORDS = /pass|pwd|secret|token|credential|creds|auth|key/gi;
const NAME_CHAR = /[A-Za-z0-9_.-]/;
const NAME_MAX = 80;
/** After the name: its closing quote (maybe escaped), the assignment, the value's opening quote. */
const ASSIGNMENT = /(?:\\?["'])?[ \t]*(?::=|=>|==?|:|\?=)[ \t]*(\\?["'`])?/y;
const QUOTED_VALUE = /[^"'`\\\n\r]{1,1024}/y;
const BARE_VALUE = /[\w.+/=~!@#$%^*-]{1,1024}/y;

function nameBounds(text: string, at: number): [number, number] {
  let start = at;
  while (start > 0 && at - start < NAME_MAX && NAME_CHAR.test(text.charAt(start - 1))) start -= 1;
  let end = at;
  while (end < text.length && end - start < NAME_MAX && NAME_CHAR.test(text.charAt(end))) end += 1;
  return [start, end];
}

function valueAt(text: string, at: number, quote: string | undefined): [number, number] | null {
  const pattern = quote === undefined ? BARE_VALUE : QUOTED_VALUE;
  pattern.lastIndex = at;
  const match = pattern.exec(text);
  if (match === null) return null;
  let end = at + match[0].length;
  if (quote !== undefined) {
    // Unclosed: not a quoted value (a quote in prose, a value running over lines).
    if (!text.startsWith(quote, end)) return null;
  } else {
    // A sentence's full stop is not the value's (`,`, `:`, `&`, `)` are outside its alphabet).
    while (end > at && text.charAt(end - 1) === '.') end -= 1;
  }
  return end > at ? [at, end] : null;
}

/** Every value under a secret-named key in the text. */
export function findNamedSecrets(text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  KEY_WORDS.lastIndex = 0;
  let done = 0;
  for (let hit = KEY_WORDS.exec(text); hit !== null; hit = KEY_WORDS.exec(text)) {
    if (hit.index < done) continue;
    const [nameStart, nameEnd] = nameBounds(text, hit.index);
    KEY_WORDS.lastIndex = Math.max(KEY_WORDS.lastIndex, nameEnd);
    ASSIGNMENT.lastIndex = nameEnd;
    const assignment = ASSIGNMENT.exec(text);
    if (assignment === null) continue;
    const kind = secretNameKind(text.slice(nameStart, nameEnd).replace(/^[.-]+|[.-]+$/g, ''));
    if (kind === null) continue;
    const span = valueAt(text, nameEnd + assignment[0].length, assignment[1]);
    if (span === null) continue;
    if (!looksLikeSecretValue(text.slice(span[0], span[1]), kind)) continue;
    findings.push({ rule: SECRET_NAMED_FIELD, start: span[0], end: span[1] });
    done = span[1];
    KEY_WORDS.lastIndex = span[1];
  }
  return findings;
}
