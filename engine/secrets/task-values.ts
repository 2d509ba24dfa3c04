// What a task itself hands the agent is not a leaked credential: a CTF flag the task asks for, or
// a password written in the task's prompt (task-prompt.ts). Only findings of the rules that judge by context alone
// (gitleaks' generic rule and secret-named keys) are dropped for it; a value that a rule for a real
// credential recognises (an AWS key, a GitHub token) is redacted wherever it is.
import { SECRET_NAMED_FIELD } from './secret-names';
import type { SecretFinding } from './secret-scanner';

/**
 * Rules that match any value by the words around it, not by the value's own shape: gitleaks'
 * generic rule, its Terraform `password = "..."` rule, and secret-named keys.
 */
export const CONTEXT_RULES: ReadonlySet<string> = new Set([
  'generic-api-key',
  'hashicorp-tf-password',
  SECRET_NAMED_FIELD,
]);

/** CTF flag formats: flag{...}, CTF{...}, picoCTF{...}, HTB{...}, THM{...} and event prefixes. */
const FLAG =
  /\b(?:flag|[a-z0-9]{0,12}ctf|htb|thm|ductf|csaw|hitcon|dice|uiuctf|corctf)\{[^{}\s]{1,256}\}/gi;

/** Whether a whole value is a CTF flag (a JSON value under a secret-named key, say). */
export function isFlag(value: string): boolean {
  FLAG.lastIndex = 0;
  const match = FLAG.exec(value.trim());
  return match !== null && match[0].length === value.trim().length;
}

/** The findings of context rules that lie on a CTF flag, dropped; the others as they were. */
export function withoutFlags(text: string, findings: SecretFinding[]): SecretFinding[] {
  if (!findings.some((finding) => CONTEXT_RULES.has(finding.rule)) || !text.includes('{')) {
    return findings;
  }
  const flags = [...text.matchAll(FLAG)].map((match) => [
    match.index,
    match.index + match[0].length,
  ]);
  if (flags.length === 0) return findings;
  return findings.filter(
    (finding) =>
      !CONTEXT_RULES.has(finding.rule) ||
      !flags.some(([start = 0, end = 0]) => finding.start < end && finding.end > start),
  );
}
