// The deterministic toy model behind the test servers: a tokenizer whose ids can be computed by
// tests, a ChatML chat template with Qwen-style <think> reasoning and <tool_call> blocks, and
// log-probs that depend on the model name and the previous token. Shared by the vLLM- and
// SGLang-shaped servers, so one expected value serves every profile.

const SPECIAL_TOKENS: Record<string, number> = {
  '<s>': 1,
  '<|im_start|>': 2,
  '<|im_end|>': 3,
  '<|endoftext|>': 4,
};
export const BOS = 1;
const SPECIAL_BY_ID = new Map(Object.entries(SPECIAL_TOKENS).map(([text, id]) => [id, text]));
// Specials, words with an optional leading space, single digits, punctuation, whitespace runs.
const PIECE =
  /<s>|<\|im_start\|>|<\|im_end\|>|<\|endoftext\|>| ?[A-Za-z]+| ?[0-9]| ?[^A-Za-z0-9\s]|\s+/gu;
/** Every piece tokenized so far by id, so a detokenizer can give the text back. */
const PIECE_BY_ID = new Map<number, string>();

export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Token id of one piece: specials are fixed, every other piece hashes into [100, 50100). A
 * salt gives another vocabulary (a model with a different tokenizer). */
export function toyTokenId(piece: string, salt = ''): number {
  return SPECIAL_TOKENS[piece] ?? 100 + (fnv1a(`${salt}${piece}`) % 50_000);
}

export function toyPieces(text: string): string[] {
  return text.match(PIECE) ?? [];
}

/** The toy tokenizer (deterministic); with special tokens, a BOS token comes first, as Llama's. */
export function toyTokenize(text: string, addSpecialTokens = false, salt = ''): number[] {
  const ids = toyPieces(text).map((piece) => {
    const id = toyTokenId(piece, salt);
    PIECE_BY_ID.set(id, piece);
    return id;
  });
  return addSpecialTokens ? [BOS, ...ids] : ids;
}

/** The text of token ids this process tokenized (`<id>` for ids it never produced). */
export function toyDetokenize(ids: readonly number[]): string {
  return ids.map((id) => SPECIAL_BY_ID.get(id) ?? PIECE_BY_ID.get(id) ?? `<${id}>`).join('');
}

/** A token's text as servers report it beside a log-prob. */
export function toyDecoded(id: number): string {
  return SPECIAL_BY_ID.get(id) ?? `<${id}>`;
}

/** log p(token | previous token) under a toy model: in [-4.000, -0.001], exact in JSON. */
export function toyLogprob(model: string, previous: number, token: number): number {
  return -((fnv1a(`${model}|${previous}|${token}`) % 4000) + 1) / 1000;
}

/** A message as the chat template sees it, after the server has parsed the request. */
export interface TemplateMessage {
  role: string;
  content?: string | null;
  reasoning_content?: string | null;
  /** Arguments are objects by now: servers decode the JSON text before the template runs. */
  tool_calls?: { function: { name: string; arguments: unknown } }[];
}

export interface ToyTemplateOptions {
  addGenerationPrompt: boolean;
  /** Renders reasoning only on a final assistant message (as templates that strip past
   * reasoning do), which makes the template not prefix-preserving. */
  dropPastReasoning?: boolean;
  tools?: unknown[];
}

/** A ChatML chat template with Qwen-style tool calls and <think> reasoning. */
export function toyChatTemplate(messages: TemplateMessage[], options: ToyTemplateOptions): string {
  let text = '';
  if (options.tools && options.tools.length > 0) {
    text += `<|im_start|>system\n# Tools\n${options.tools.map((t) => JSON.stringify(t)).join('\n')}<|im_end|>\n`;
  }
  messages.forEach((message, index) => {
    let body = '';
    const last = index === messages.length - 1;
    if (
      message.role === 'assistant' &&
      message.reasoning_content &&
      (last || !options.dropPastReasoning)
    ) {
      body += `<think>\n${message.reasoning_content}\n</think>\n\n`;
    }
    body += message.content ?? '';
    for (const call of message.tool_calls ?? []) {
      const rendered = { name: call.function.name, arguments: call.function.arguments };
      body += `\n<tool_call>\n${JSON.stringify(rendered)}\n</tool_call>`;
    }
    text += `<|im_start|>${message.role}\n${body}<|im_end|>\n`;
  });
  return options.addGenerationPrompt ? `${text}<|im_start|>assistant\n` : text;
}
