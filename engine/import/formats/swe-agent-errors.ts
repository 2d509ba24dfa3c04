// Tool errors in SWE-agent trajectories (docs/formats/swe-agent.md). A .traj keeps no exit codes,
// but the harness answers a failed action with one of its fixed templates (sweagent/agent/agents.py,
// sweagent/tools/tools.py, the edit linter's message); only those are errors, never command output.
import type { TurnError, TurnErrorKind } from '../../../shared/model';
import type { CanonicalTurn } from '../../chat/canonical';
import { statusError } from '../turn-error';

const TEMPLATES: ReadonlyArray<readonly [RegExp, TurnErrorKind]> = [
  [/^The command '[\s\S]*' was cancelled because it took more than \d+ seconds/, 'timeout'],
  [/^Your bash command contained syntax errors and was NOT executed/, 'parsing'],
  [/^Operation '[\s\S]*' is not supported by this environment/, 'approval'],
  [/^Your proposed edit has introduced new syntax error\(s\)/, 'error'],
  [/^Your output was not formatted correctly/, 'parsing'],
  [/^Your last output did not use any tool calls/, 'parsing'],
];

/** The error a SWE-agent observation reports, when it is one of the harness's error templates. */
export function sweAgentObservationError(text: string): TurnError | null {
  const trimmed = text.replace(/^\s+/, '');
  for (const [pattern, kind] of TEMPLATES) {
    if (pattern.test(trimmed)) return { ...statusError(trimmed), kind };
  }
  return null;
}

/** Sets `error` on the observation turns (environment or tool) whose text is an error template. */
export function markObservationErrors(turns: CanonicalTurn[]): void {
  for (const turn of turns) {
    if (turn.role !== 'environment' && turn.role !== 'tool') continue;
    const error = sweAgentObservationError(turn.content);
    if (error !== null) turn.error = error;
  }
}
