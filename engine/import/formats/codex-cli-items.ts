// Codex CLI rollout items (OpenAI Responses items as codex-rs/protocol models.rs serializes them)
// -> canonical turns. The assistant items of one model call (reasoning, message, tool calls) form
// one assistant turn, closed by the call's token_count event or by the next input; tool outputs
// follow as tool turns paired by call_id.
import type { ToolCall, TurnError } from '../../../shared/model';
import { type CanonicalTurn, plainTurn, RecordError } from '../../chat/canonical';
import { canonicalArguments } from '../../text/canonical-json';
import { isRecord } from '../../chat/openai-messages';
import { exitCodeError, statusError } from '../turn-error';

const SYSTEM_ROLES = new Set(['system', 'developer']);

interface OpenAssistant {
  text: string[];
  reasoning: string[];
  calls: ToolCall[];
  metadata: Record<string, unknown>;
}

/** Text of Responses content items; images and other parts as short markers. */
function itemsText(content: unknown, where: string): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) throw new RecordError(`${where}: expected a list of content items`);
  return content
    .map((part, index) => {
      if (!isRecord(part)) throw new RecordError(`${where}[${index}]: expected a content item`);
      return typeof part.text === 'string' ? part.text : `[${String(part.type ?? 'part')}]`;
    })
    .join('\n');
}

function callId(item: Record<string, unknown>, where: string): string {
  const id = item.call_id ?? item.id;
  if (typeof id !== 'string' || id === '')
    throw new RecordError(`${where}.call_id: expected a string`);
  return id;
}

function nameOf(item: Record<string, unknown>, where: string): string {
  if (typeof item.name !== 'string' || item.name === '') {
    throw new RecordError(`${where}.name: expected a non-empty string`);
  }
  return item.name;
}

interface ToolOutput {
  text: string;
  /** The exit code Codex reports with the output; null when none. */
  exit: number | null;
  failed: boolean;
}

/** A tool output as text, and how Codex says it ended. */
export function toolOutput(output: unknown, where: string): ToolOutput {
  if (isRecord(output)) {
    // The {content, success} form: success false is a failure without an exit code.
    const text = itemsText(output.content ?? '', `${where}.content`);
    return { text, exit: null, failed: output.success === false };
  }
  const text = itemsText(output, where);
  // The shell tools' JSON envelope: {"output": "...", "metadata": {"exit_code": N, ...}}.
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed) && typeof parsed.output === 'string' && isRecord(parsed.metadata)) {
      const exit = parsed.metadata.exit_code;
      return { text: parsed.output, exit: typeof exit === 'number' ? exit : null, failed: false };
    }
  } catch {
    // Plain text output.
  }
  // Unified exec and shell_command print a header before the output.
  const header = text.split('\nOutput:\n', 1)[0] ?? '';
  const code = /^(?:Exit code: |Process exited with code )(-?\d+)\s*$/m.exec(header)?.[1];
  return { text, exit: code === undefined ? null : Number(code), failed: false };
}

export class CodexTurns {
  readonly turns: CanonicalTurn[] = [];
  private open: OpenAssistant | null = null;
  private model: string | null = null;
  /** Exit codes and patch failures from event_msg lines, applied to the tool turns at the end. */
  private readonly exitCodes = new Map<string, number>();
  private readonly failedPatches = new Map<string, string>();
  private readonly outputs = new Map<string, { turn: CanonicalTurn; output: ToolOutput }>();

  setModel(model: unknown): void {
    if (typeof model === 'string' && model !== '') this.model = model;
  }

  private assistant(timestamp: unknown): OpenAssistant {
    this.open ??= {
      text: [],
      reasoning: [],
      calls: [],
      metadata: { timestamp, ...(this.model !== null ? { model: this.model } : {}) },
    };
    return this.open;
  }

  /** Ends the open model call; `usage` is its token_count (last_token_usage). */
  close(usage: unknown = null): void {
    const open = this.open;
    this.open = null;
    if (open === null) return;
    const turn = plainTurn('assistant', open.text.join('\n\n'));
    turn.reasoning = open.reasoning.length > 0 ? open.reasoning.join('\n\n') : null;
    turn.tool_calls = open.calls;
    turn.is_action = open.calls.length > 0;
    turn.metadata = open.metadata;
    if (isRecord(usage)) {
      turn.metadata.usage = usage;
      const tokens = usage.output_tokens;
      turn.n_tokens = typeof tokens === 'number' && Number.isInteger(tokens) ? tokens : null;
    }
    this.turns.push(turn);
  }

  private push(turn: CanonicalTurn): void {
    this.close();
    this.turns.push(turn);
  }

  /** A user message, unless it repeats the one just read (Codex logs it as an item and an event). */
  user(text: string, timestamp: unknown): void {
    const last = this.turns.at(-1);
    if (this.open === null && last?.role === 'user' && last.content.trim() === text.trim()) return;
    const turn = plainTurn('user', text);
    turn.metadata = { timestamp };
    this.push(turn);
  }

  system(text: string, metadata: Record<string, unknown>): void {
    const turn = plainTurn('system', text);
    turn.metadata = metadata;
    this.push(turn);
  }

  /** One response_item payload. Returns false for an item type that is not read as a turn. */
  item(item: Record<string, unknown>, timestamp: unknown, where: string): boolean {
    switch (item.type) {
      case 'message': {
        const text = itemsText(item.content, `${where}.content`);
        if (item.role === 'assistant') this.assistant(timestamp).text.push(text);
        else if (item.role === 'user') this.user(text, timestamp);
        else if (typeof item.role === 'string' && SYSTEM_ROLES.has(item.role)) {
          this.system(text, { timestamp, role: item.role });
        } else throw new RecordError(`${where}.role: unknown role ${JSON.stringify(item.role)}`);
        return true;
      }
      case 'reasoning': {
        const parts = [item.summary, item.content].flatMap((list) =>
          Array.isArray(list) ? list : [],
        );
        const text = parts.flatMap((p) =>
          isRecord(p) && typeof p.text === 'string' ? [p.text] : [],
        );
        const open = this.assistant(timestamp);
        if (text.length > 0) open.reasoning.push(text.join('\n\n'));
        else if (item.encrypted_content != null) open.metadata.encrypted_reasoning = true;
        return true;
      }
      case 'function_call':
      case 'custom_tool_call':
        this.assistant(timestamp).calls.push({
          id: callId(item, where),
          name: nameOf(item, where),
          arguments: canonicalArguments(
            item.type === 'function_call' ? item.arguments : item.input,
          ),
        });
        return true;
      case 'local_shell_call':
        this.assistant(timestamp).calls.push({
          id: callId(item, where),
          name: 'local_shell',
          arguments: canonicalArguments(item.action),
        });
        return true;
      case 'web_search_call': {
        // The search runs on OpenAI's side: no output item answers it.
        const open = this.assistant(timestamp);
        const id = typeof item.id === 'string' ? item.id : `web_search_${this.turns.length}`;
        open.calls.push({ id, name: 'web_search', arguments: canonicalArguments(item.action) });
        return true;
      }
      case 'function_call_output':
      case 'custom_tool_call_output': {
        const id = callId(item, where);
        const output = toolOutput(item.output, `${where}.output`);
        const turn = plainTurn('tool', output.text);
        turn.tool_call_id = id;
        turn.metadata = { timestamp };
        this.push(turn);
        this.outputs.set(id, { turn, output });
        return true;
      }
      default:
        return false;
    }
  }

  /** An event_msg payload that adds to the turns; false for the others. */
  event(payload: Record<string, unknown>, timestamp: unknown): boolean {
    const id = typeof payload.call_id === 'string' ? payload.call_id : null;
    switch (payload.type) {
      case 'token_count':
        if (isRecord(payload.info)) this.close(payload.info.last_token_usage);
        return true;
      case 'user_message':
        if (typeof payload.message !== 'string') return false;
        this.user(payload.message, timestamp);
        return true;
      case 'exec_command_end':
        if (id !== null && typeof payload.exit_code === 'number') {
          this.exitCodes.set(id, payload.exit_code);
        }
        return true;
      case 'patch_apply_end':
        if (id !== null && payload.success === false) {
          this.failedPatches.set(id, typeof payload.stderr === 'string' ? payload.stderr : '');
        }
        return true;
      default:
        return false;
    }
  }

  /** Closes the last model call and marks failed tool calls. */
  finish(): CanonicalTurn[] {
    this.close();
    for (const [id, { turn, output }] of this.outputs) {
      const patch = this.failedPatches.get(id);
      let error: TurnError | null;
      if (patch !== undefined) error = statusError(patch || turn.content);
      else if (output.failed) error = statusError(turn.content);
      else error = exitCodeError(this.exitCodes.get(id) ?? output.exit, turn.content.slice(0, 500));
      turn.error = error;
    }
    return this.turns;
  }
}
