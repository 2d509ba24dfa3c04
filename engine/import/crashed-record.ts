// A record whose run crashed before it produced a conversation: tau-bench's run.py writes
// `traj: []` with `info.error` and a traceback for a task that raised; vf-eval an empty prompt and
// completion with `error`. It becomes a trajectory of 0 turns with the error in its metadata
// (`metadata.error`, where readers keep a trajectory's error), so the import keeps it and the
// outcome rule counts it, instead of the record failing (docs/formats/README.md, crashed runs).
import { statedError } from '../../shared/run-error';

/** True when a conversation is absent or empty and the record states an error for it. */
export function crashedBeforeTurns(conversation: unknown, error: unknown): boolean {
  const empty =
    conversation === null ||
    conversation === undefined ||
    (Array.isArray(conversation) && conversation.length === 0);
  return empty && statedError(error) !== null;
}
