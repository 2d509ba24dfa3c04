// One Inspect AI sample (one epoch of one dataset sample) -> a canonical trajectory.
import { crashedBeforeTurns } from '../crashed-record';
import { RecordError, type CanonicalTrajectory, type CanonicalTurn } from '../../chat/canonical';
import { isRecord } from '../../chat/openai-messages';
import { inspectCallFacts, sandboxMetadata, scoreList } from './inspect-events';
import { expandInputRefs, inspectMessageToTurn, resolveAttachments } from './inspect-messages';

/** What the log header says about the whole eval (shared by every sample). */
export interface InspectEval {
  task: string | null;
  taskId: string | null;
  runId: string | null;
  model: string | null;
}

export function evalInfo(log: unknown): InspectEval {
  const spec = isRecord(log) && isRecord(log.eval) ? log.eval : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    task: text(spec.task),
    taskId: text(spec.task_id),
    runId: text(spec.run_id),
    model: text(spec.model),
  };
}

const LETTERS: Record<string, number> = { C: 1, I: 0, P: 0.5, N: 0 };

/** A score value as a number: numbers, booleans, letter grades, numeric strings; else null. */
export function scoreNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const letter = LETTERS[value.trim().toUpperCase()];
    if (letter !== undefined) return letter;
    const parsed = Number(value);
    return value.trim() !== '' && Number.isFinite(parsed) ? parsed : null;
  }
  // Dict and list values (several metrics in one scorer) have no single reward.
  return null;
}

function outcome(scores: unknown): { reward: number | null; success: boolean | null } {
  if (!isRecord(scores)) return { reward: null, success: null };
  const first = Object.values(scores)[0];
  if (!isRecord(first)) return { reward: null, success: null };
  const reward = scoreNumber(first.value);
  if (reward === null) return { reward: null, success: null };
  // A letter grade or a boolean is the scorer's own verdict; a number is only a reward, which the
  // dataset's outcome rule turns into success (docs/formats/inspect.md).
  if (typeof first.value === 'boolean') return { reward, success: first.value };
  const letter = typeof first.value === 'string' ? first.value.trim().toUpperCase() : '';
  return { reward, success: letter in LETTERS ? letter === 'C' : null };
}

/**
 * The pool condensed model events index with `input_refs`: `events_data.messages` since Inspect
 * pooled events (and the message sequence of a chunked sample), `message_pool` in the interim
 * shape before it.
 */
function messagePool(sample: Record<string, unknown>): unknown[] {
  const data = isRecord(sample.events_data) ? sample.events_data : {};
  if (Array.isArray(data.messages)) return data.messages;
  return Array.isArray(sample.message_pool) ? sample.message_pool : [];
}

/** The messages of a sample whose `messages` list is empty: the last model call's view. */
function messagesFromEvents(sample: Record<string, unknown>): unknown[] {
  const events = Array.isArray(sample.events) ? sample.events : [];
  const pool = messagePool(sample);
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const event: unknown = events[i];
    if (!isRecord(event) || event.event !== 'model') continue;
    const input =
      Array.isArray(event.input) && event.input.length > 0
        ? event.input
        : event.input_refs !== undefined && event.input_refs !== null
          ? expandInputRefs(event.input_refs, pool, `events[${i}].input_refs`)
          : [];
    const output = isRecord(event.output) ? event.output : {};
    const choice: unknown = Array.isArray(output.choices) ? output.choices[0] : undefined;
    return isRecord(choice) && isRecord(choice.message) ? [...input, choice.message] : input;
  }
  return [];
}

function toolsOf(sample: Record<string, unknown>): unknown[] | null {
  for (const event of Array.isArray(sample.events) ? sample.events : []) {
    if (isRecord(event) && event.event === 'model' && Array.isArray(event.tools)) {
      if (event.tools.length > 0) return event.tools;
    }
  }
  return null;
}

/** Model calls onto assistant turns (by message id, else in order), sandbox events, scores. */
function addCallFacts(
  turns: CanonicalTurn[],
  messages: unknown[],
  raw: Record<string, unknown>,
  attachments: Record<string, unknown>,
): void {
  // Older .json logs keep the events under `transcript`.
  const events = raw.events ?? (isRecord(raw.transcript) ? raw.transcript.events : undefined);
  const facts = inspectCallFacts(events, attachments);
  const withIds = messages.some((m) => isRecord(m) && typeof m.id === 'string');
  const assistants = turns.filter((turn) => turn.role === 'assistant').length;
  const inOrder = !withIds && facts.inOrder.length === assistants ? [...facts.inOrder] : [];
  const add = (turn: CanonicalTurn, extra: Record<string, unknown>) => {
    if (Object.keys(extra).length > 0) turn.metadata = { ...(turn.metadata ?? {}), ...extra };
  };
  turns.forEach((turn, index) => {
    const message = messages[index];
    if (turn.role === 'assistant') {
      const id = isRecord(message) && typeof message.id === 'string' ? message.id : null;
      const call = id !== null ? facts.byMessageId.get(id) : inOrder.shift();
      if (call !== undefined) add(turn, { model_call: call });
    } else if (turn.role === 'tool' && turn.tool_call_id !== null) {
      add(turn, sandboxMetadata(facts.sandboxByCall.get(turn.tool_call_id)));
    }
  });
  const scores = scoreList(raw.scores);
  const last = turns[turns.length - 1];
  if (last !== undefined && scores.length > 0) add(last, { scores });
}

function sampleId(value: unknown): string {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new RecordError('id: expected a string or a number');
}

export function inspectSample(raw: unknown, info: InspectEval): CanonicalTrajectory {
  if (!isRecord(raw)) throw new RecordError('expected a sample object');
  const id = sampleId(raw.id);
  const epoch = raw.epoch ?? 1;
  if (typeof epoch !== 'number' || !Number.isInteger(epoch)) {
    throw new RecordError('epoch: expected an integer');
  }
  // Only the parts that are kept get resolved: events can be many times larger than messages.
  const attachments = isRecord(raw.attachments) ? raw.attachments : {};
  const resolve = (value: unknown) => resolveAttachments(value, attachments);
  if (raw.messages !== undefined && !Array.isArray(raw.messages)) {
    throw new RecordError('messages: expected a list');
  }
  const listed = Array.isArray(raw.messages) ? raw.messages : [];
  const messages = (
    listed.length > 0 ? resolve(listed) : resolve(messagesFromEvents(raw))
  ) as unknown[];
  // A sample whose run failed before any message (its `error` says why) is kept with 0 turns.
  const crashed = crashedBeforeTurns(messages, raw.error);
  if (messages.length === 0 && !crashed) {
    throw new RecordError('messages: the sample has no messages');
  }
  const turns = messages.map((message, index) =>
    inspectMessageToTurn(message, `${listed.length > 0 ? 'messages' : 'events'}[${index}]`),
  );
  addCallFacts(turns, messages, raw, attachments);
  const scored = outcome(raw.scores);
  const { reward } = scored;
  // A run that failed before any message is a failure, unless a scorer still judged it.
  const success = scored.success ?? (crashed ? false : null);
  const metadata: Record<string, unknown> = {
    eval_task: info.task,
    eval_task_id: info.taskId,
    eval_run_id: info.runId,
    sample_id: raw.id,
    epoch,
  };
  for (const key of [
    'target',
    'scores',
    'metadata',
    'error',
    'limit',
    'model_usage',
    'total_time',
    'working_time',
    'uuid',
  ]) {
    if (raw[key] !== undefined && raw[key] !== null) metadata[key] = resolve(raw[key]);
  }
  return {
    source_id: `${id}:epoch${epoch}`,
    task_id: id,
    group_id: id,
    sample_index: epoch,
    model: info.model,
    reward,
    success,
    metadata: metadata as Record<string, unknown>,
    tools: resolve(toolsOf(raw)) as unknown[] | null,
    turns,
  };
}
