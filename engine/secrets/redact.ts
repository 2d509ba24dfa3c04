// Replaces every secret the scanner finds with `[REDACTED:<rule>]` and counts what it replaced by
// kind. Text is scanned as it is (JSON printed in it included, in place); JSON values (metadata,
// tool arguments, tool descriptions) are walked so each string is scanned on its own, and a value
// under a key of the exact list (api_key, password, authorization, ...) is replaced whole, since
// config blocks hold secrets in any shape; under any other secret-named key (DB_PASSWORD,
// session_token) when it looks like a secret (secret-names.ts).
import { canonicalJson, setOwn } from '../text/canonical-json';
import { findSecrets, type SecretFinding } from './secret-scanner';
import {
  isPlaceholder,
  looksLikeSecretValue,
  SECRET_NAMED_FIELD,
  secretNameKind,
} from './secret-names';
import { CONTEXT_RULES, isFlag } from './task-values';

export { SECRET_NAMED_FIELD };

const SECRET_KEY =
  /^(api[-_]?key|[a-z0-9]+[-_]api[-_]?key|access[-_]?token|auth[-_]?token|refresh[-_]?token|bearer[-_]?token|token|secret|client[-_]?secret|password|passwd|authorization|x[-_]api[-_]key|private[-_]?key)$/i;

/** Secrets found, by kind (rule id). */
export type KindCounts = Map<string, number>;

/** How many secrets the counts add up to. */
export function totalOf(kinds: KindCounts): number {
  let total = 0;
  for (const n of kinds.values()) total += n;
  return total;
}

export function marker(kind: string): string {
  return `[REDACTED:${kind}]`;
}

function count(kinds: KindCounts, kind: string): void {
  kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
}

/**
 * Findings merged where they overlap. The merged span keeps the first finding's rule, unless that
 * one judged by context alone and another rule recognised the credential itself: a GitHub token
 * in `GITHUB_TOKEN=...` is recorded as github-pat, not generic-api-key.
 */
function mergedSpans(findings: readonly SecretFinding[]): SecretFinding[] {
  const merged: SecretFinding[] = [];
  for (const finding of findings) {
    const last = merged[merged.length - 1];
    if (last !== undefined && finding.start < last.end) {
      last.end = Math.max(last.end, finding.end);
      if (CONTEXT_RULES.has(last.rule) && !CONTEXT_RULES.has(finding.rule)) {
        last.rule = finding.rule;
      }
    } else merged.push({ ...finding });
  }
  return merged;
}

/**
 * Tells a value the task itself gave the agent (task-values.ts): context-rule findings of it are
 * kept. Without one, every finding is redacted.
 */
export type TaskValueTest = (secret: string) => boolean;

function findingsToRedact(text: string, isTaskValue?: TaskValueTest): readonly SecretFinding[] {
  const findings = findSecrets(text);
  if (isTaskValue === undefined || findings.length === 0) return findings;
  return findings.filter(
    (finding) =>
      !CONTEXT_RULES.has(finding.rule) || !isTaskValue(text.slice(finding.start, finding.end)),
  );
}

/** The text with each secret replaced; counts go into kinds. */
export function redactText(text: string, kinds: KindCounts, isTaskValue?: TaskValueTest): string {
  const spans = mergedSpans(findingsToRedact(text, isTaskValue));
  if (spans.length === 0) return text;
  let out = '';
  let at = 0;
  for (const span of spans) {
    out += text.slice(at, span.start) + marker(span.rule);
    at = span.end;
    count(kinds, span.rule);
  }
  return out + text.slice(at);
}

/**
 * A copy of a JSON value with secrets replaced in every string and under secret-named keys. A
 * string that holds JSON itself (tool arguments, a tools list written as text) is walked as JSON:
 * scanned as text, its escaped quotes would hide the ends of the secrets in it.
 */
export function redactJson(
  value: unknown,
  kinds: KindCounts,
  isTaskValue?: TaskValueTest,
): unknown {
  if (typeof value === 'string') {
    return /^\s*[[{]/.test(value)
      ? redactJsonText(value, kinds, isTaskValue)
      : redactText(value, kinds, isTaskValue);
  }
  if (Array.isArray(value)) return value.map((inner) => redactJson(inner, kinds, isTaskValue));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      const named = isNamedSecret(key, inner, isTaskValue);
      if (named) count(kinds, SECRET_NAMED_FIELD);
      setOwn(
        out,
        redactText(key, kinds, isTaskValue),
        named ? marker(SECRET_NAMED_FIELD) : redactJson(inner, kinds, isTaskValue),
      );
    }
    return out;
  }
  return value;
}

/**
 * Whether a JSON value is replaced whole for its key: any non-empty scalar under a key of the
 * exact list, or one that looks like a secret under a key that contains a secret word.
 */
function isNamedSecret(key: string, inner: unknown, isTaskValue?: TaskValueTest): boolean {
  if (typeof inner !== 'string' && typeof inner !== 'number') return false;
  const text = String(inner);
  if (text.trim() === '' || isPlaceholder(text) || isFlag(text)) return false;
  if (isTaskValue?.(text) === true) return false;
  if (SECRET_KEY.test(key)) return true;
  const kind = secretNameKind(key);
  return kind !== null && looksLikeSecretValue(text, kind);
}

/** JSON text redacted as JSON (and written back canonically), or as plain text if it is not. */
export function redactJsonText(
  text: string,
  kinds: KindCounts,
  isTaskValue?: TaskValueTest,
): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return redactText(text, kinds, isTaskValue);
  }
  const found: KindCounts = new Map();
  const redacted = redactJson(parsed, found, isTaskValue);
  if (found.size === 0) return text;
  for (const [kind, n] of found) kinds.set(kind, (kinds.get(kind) ?? 0) + n);
  return canonicalJson(redacted);
}
