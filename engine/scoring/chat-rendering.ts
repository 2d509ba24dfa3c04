// Turns a trajectory into token-id prompts whose assistant-turn spans are known exactly.
//
// chat_template: the model's own chat template, applied by the server (/tokenize with messages).
// For assistant turn k, P_k = tokens(messages before k, with the generation prompt) and
// Q_k = tokens(messages through k). The turn's span is Q_k after P_k: its reasoning, content, tool
// calls and the template's end-of-turn tokens (e.g. "<|im_end|>\n"), but not its role header.
// When every Q_{k-1} is a prefix of P_k (the template is prefix-preserving), the whole trajectory
// is one prompt; otherwise (templates that drop past reasoning) each turn gets its own prompt,
// P_k followed by the turn: exactly what the model saw when it generated that turn.
//
// chatml: Turnwise's own ChatML rendering ("<|im_start|>role\n...<|im_end|>\n", reasoning in
// <think>, tool calls as <tool_call> JSON), tokenized piece by piece with /tokenize. It is not the
// model's template; use it for base models or servers without one.
//
// Either way, an assistant turn that stored its token ids (the data came from the rollout engine)
// is scored on those ids, in place of the rendering of that turn. A turn scored on the server's
// rendering is read back (/detokenize) and must hold its stored reasoning, text and tool-call
// names: a server that drops a field renders text the model never produced (docs/servers.md).
import type { ToolCall, TurnRole } from '../../shared/model';
import { AlignmentError, tokensAfter, type Segment } from './alignment';
import type { ChatMessage, Tokenized } from './scoring-client';

export interface ScoringTurn {
  turnIndex: number;
  role: TurnRole;
  content: string;
  reasoning: string | null;
  toolCalls: ToolCall[];
  toolCallId: string | null;
  /** Token ids stored with the turn (imported or scored before), or null. */
  storedTokenIds: number[] | null;
}

export interface Tokenizer {
  text(prompt: string, addSpecialTokens: boolean): Promise<Tokenized>;
  /** The text of token ids (for checking what a chat template rendered). */
  detokenize(tokens: number[]): Promise<string>;
  chat(
    messages: ChatMessage[],
    addGenerationPrompt: boolean,
    tools: unknown[] | null,
  ): Promise<Tokenized>;
}

export interface RenderInput {
  turns: ScoringTurn[];
  tools: unknown[] | null;
  /** The turn indices to score, ascending; turns after the last one are not rendered. */
  targets: number[];
}

export interface Rendered {
  /** One prompt for the whole trajectory, or one per target turn. */
  prompts: Segment[][];
  perTurn: boolean;
  /** The model's context length, where the tokenizer reported it. */
  maxModelLen: number | null;
}

function chatRole(role: TurnRole): string {
  return role === 'environment' ? 'user' : role; // chat templates know no environment role
}

export function chatMessage(turn: ScoringTurn): ChatMessage {
  const message: ChatMessage = { role: chatRole(turn.role), content: turn.content };
  if (turn.role === 'assistant') {
    if (turn.reasoning) {
      message.reasoning = turn.reasoning;
      message.reasoning_content = turn.reasoning;
    }
    if (turn.toolCalls.length > 0) {
      message.tool_calls = turn.toolCalls.map((call) => ({
        id: call.id,
        type: 'function' as const,
        function: { name: call.name, arguments: call.arguments },
      }));
    }
  }
  if (turn.role === 'tool' && turn.toolCallId !== null) message.tool_call_id = turn.toolCallId;
  return message;
}

/** The body of a message in Turnwise's ChatML rendering. */
export function chatmlBody(turn: ScoringTurn): string {
  let body =
    turn.role === 'assistant' && turn.reasoning ? `<think>\n${turn.reasoning}\n</think>\n\n` : '';
  body += turn.content;
  for (const call of turn.toolCalls) {
    const rendered = { name: call.name, arguments: parsedArguments(call.arguments) };
    body += `\n<tool_call>\n${JSON.stringify(rendered)}\n</tool_call>`;
  }
  return body;
}

/**
 * The opening of Turnwise's ChatML: the tool schemas, one JSON line each under "# Tools", go into
 * the conversation's own leading system message, as chat templates (Qwen's among them) merge
 * them, or into a system message of their own when it opens otherwise. `consumed` is the number
 * of turns the opening already rendered (0 or 1).
 */
export function chatmlOpening(
  turns: readonly ScoringTurn[],
  tools: unknown[] | null,
): { text: string; consumed: number } {
  if (tools === null || tools.length === 0) return { text: '', consumed: 0 };
  const first = turns[0];
  const system = first?.role === 'system' ? chatmlBody(first) : null;
  return {
    text: `<|im_start|>system\n${systemWithTools(system, tools)}<|im_end|>\n`,
    consumed: system === null ? 0 : 1,
  };
}

/**
 * A system message's text with the tool schemas appended, one JSON line each under "# Tools"
 * (the schemas alone when there is no system message), for trainers that cannot pass schemas to
 * the chat template.
 */
export function systemWithTools(system: string | null, tools: readonly unknown[]): string {
  const lines = tools.map((tool) => JSON.stringify(tool)).join('\n');
  return system === null ? `# Tools\n${lines}` : `${system}\n\n# Tools\n${lines}`;
}

/** Arguments are canonical JSON text; a source that gave plain text keeps it as a string. */
function parsedArguments(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function minLength(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : Math.min(a, b);
}

function scoredTurns(input: RenderInput): ScoringTurn[] {
  const last = input.targets.at(-1) ?? -1;
  return input.turns.filter((turn) => turn.turnIndex <= last);
}

function squeezed(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function preview(text: string): string {
  const short = squeezed(text);
  return short.length > 60 ? `${short.slice(0, 60)}…` : short;
}

/**
 * Servers decode tool-call arguments before the template and expect an object. Arguments the
 * model wrote as text that is not JSON are stored as a JSON string (import/canonical-json.ts),
 * which a server renders as {} (vLLM since PR #48922), as a quoted string, or refuses.
 */
function checkToolArguments(turn: ScoringTurn): void {
  for (const call of turn.toolCalls) {
    if (call.arguments.trim() === '') continue;
    const decoded = parsedArguments(call.arguments);
    if (typeof decoded === 'object' && decoded !== null) continue;
    throw new AlignmentError(
      'tool_arguments',
      `turn ${turn.turnIndex}: the arguments of tool call '${call.name}' are not JSON ` +
        `("${preview(String(decoded))}"); a server's chat template renders them as {} or refuses ` +
        'them, so score this dataset with the chatml rendering, which keeps them as written',
    );
  }
}

/** The rendered turn must hold what the turn stored; whitespace may differ (templates trim). */
export function checkRenderedText(turn: ScoringTurn, rendered: string): void {
  const text = squeezed(rendered);
  const parts: [string, string][] = [
    ['reasoning', turn.reasoning ?? ''],
    ['text', turn.content],
    ...turn.toolCalls.map((call): [string, string] => [`tool call '${call.name}'`, call.name]),
  ];
  for (const [what, stored] of parts) {
    if (squeezed(stored) === '' || text.includes(squeezed(stored))) continue;
    throw new AlignmentError(
      'text_missing',
      `turn ${turn.turnIndex}: the server's chat template left out the turn's ${what} ` +
        `("${preview(stored)}"), so its log-probs would describe text the model never produced`,
    );
  }
}

export async function renderChatTemplate(
  tokenizer: Tokenizer,
  input: RenderInput,
): Promise<Rendered> {
  const turns = scoredTurns(input);
  const messages = turns.map(chatMessage);
  const targets = new Set(input.targets);
  let maxModelLen: number | null = null;
  const tokenize = async (count: number, generationPrompt: boolean) => {
    const result = await tokenizer.chat(messages.slice(0, count), generationPrompt, input.tools);
    maxModelLen = minLength(maxModelLen, result.maxModelLen);
    return result.tokens;
  };
  const sequence: Segment[] = [];
  const perTurn: Segment[][] = [];
  let previous: number[] = [];
  let prefixPreserving = true;
  for (const turn of turns) checkToolArguments(turn);
  for (const [position, turn] of turns.entries()) {
    if (turn.role !== 'assistant') continue;
    const before = await tokenize(position, true);
    const through = await tokenize(position + 1, false);
    const rendered = tokensAfter(before, through);
    if (rendered === null) {
      throw new AlignmentError(
        'template_split',
        `the chat template renders turn ${turn.turnIndex} differently from its generation prompt; ` +
          `its tokens cannot be told apart (try rendering 'chatml')`,
      );
    }
    if (turn.storedTokenIds === null) checkRenderedText(turn, await tokenizer.detokenize(rendered));
    const tokens = turn.storedTokenIds ?? rendered;
    const context = tokensAfter(previous, before);
    if (context === null) prefixPreserving = false;
    else
      sequence.push(
        { kind: 'context', tokens: context },
        { kind: 'turn', turnIndex: turn.turnIndex, tokens },
      );
    if (targets.has(turn.turnIndex)) {
      perTurn.push([
        { kind: 'context', tokens: before },
        { kind: 'turn', turnIndex: turn.turnIndex, tokens },
      ]);
    }
    previous = through;
  }
  return prefixPreserving
    ? { prompts: [sequence], perTurn: false, maxModelLen }
    : { prompts: perTurn, perTurn: true, maxModelLen };
}

export async function renderChatml(tokenizer: Tokenizer, input: RenderInput): Promise<Rendered> {
  const segments: Segment[] = [];
  let maxModelLen: number | null = null;
  const turns = scoredTurns(input);
  const opening = chatmlOpening(turns, input.tools);
  let pending = opening.text;
  const tokenize = async (text: string, addSpecialTokens: boolean) => {
    const result = await tokenizer.text(text, addSpecialTokens);
    maxModelLen = minLength(maxModelLen, result.maxModelLen);
    return result.tokens;
  };
  for (const turn of turns.slice(opening.consumed)) {
    const role = chatRole(turn.role);
    if (turn.role !== 'assistant') {
      pending += `<|im_start|>${role}\n${chatmlBody(turn)}<|im_end|>\n`;
      continue;
    }
    // Special tokens (a BOS) only at the very start of the prompt.
    const header = await tokenize(`${pending}<|im_start|>assistant\n`, segments.length === 0);
    segments.push({ kind: 'context', tokens: header });
    const tokens = turn.storedTokenIds ?? (await tokenize(`${chatmlBody(turn)}<|im_end|>`, false));
    segments.push({ kind: 'turn', turnIndex: turn.turnIndex, tokens });
    pending = '\n';
  }
  return { prompts: [segments], perTurn: false, maxModelLen };
}
