// The values a task's prompt hands the agent (a password to log in with, a key to decrypt with):
// where the agent uses them later they are the task's, not leaked credentials (task-values.ts).
import { findSecrets } from './secret-scanner';
import { CONTEXT_RULES } from './task-values';

/**
 * The prompt's text with its own context-rule findings cut out: a prompt that assigns a secret
 * (`DB_PASSWORD=...` in a system prompt) leaks it, so that value stays redacted everywhere.
 */
function withoutAssignedSecrets(text: string): string {
  const findings = findSecrets(text).filter((finding) => CONTEXT_RULES.has(finding.rule));
  let out = '';
  let at = 0;
  for (const finding of findings) {
    if (finding.start < at) continue;
    out += `${text.slice(at, finding.start)}\n`;
    at = finding.end;
  }
  return out + text.slice(at);
}

/**
 * Whether a value occurs in the task's own texts: the system prompt and the user messages before
 * the agent's first turn.
 */
export function taskValueTest(
  turns: readonly { role: string; content: string }[],
): (secret: string) => boolean {
  const prompt: string[] = [];
  for (const turn of turns) {
    if (turn.role !== 'system' && turn.role !== 'user') break;
    prompt.push(withoutAssignedSecrets(turn.content));
  }
  const text = prompt.join('\n');
  return (secret) => secret.length > 0 && text.includes(secret);
}
