// How vLLM turns a chat request's messages and tools into the chat template's input, as its
// sources do it (vllm/entrypoints/chat_utils.py and the tokenize protocol), with the choices
// that changed between releases:
// - reasoning: current vLLM reads only `reasoning` from an assistant message and hands the
//   template both `reasoning` and `reasoning_content`; an incoming `reasoning_content` is dropped
//   (vLLM issue #38488, after PRs #27752 and #33402). Releases before the rename read
//   `reasoning_content`.
// - tool-call arguments: `_postprocess_messages` decodes the JSON text; since PR #48922
//   (2026-08) text that is not JSON becomes `{}` without a word, before it a 400 with the JSON
//   decoder's message.
// - tools: each must be ChatCompletionToolsParam, {type: "function", function: {name, ...}};
//   anything else fails request validation with a 400.
import { HttpError } from './toy-http';
import type { TemplateMessage } from './toy-model';

export interface VllmChatParsing {
  /** null: a template with no place for reasoning (Llama 3's, for one). */
  reasoningField: 'reasoning' | 'reasoning_content' | null;
  invalidArguments: 'empty_object' | 'reject';
}

export const CURRENT_VLLM: VllmChatParsing = {
  reasoningField: 'reasoning',
  invalidArguments: 'empty_object',
};

interface RequestMessage {
  role?: unknown;
  content?: unknown;
  reasoning?: unknown;
  reasoning_content?: unknown;
  tool_calls?: { function?: { name?: unknown; arguments?: unknown } }[];
}

function decodedArguments(text: unknown, parsing: VllmChatParsing): unknown {
  if (typeof text !== 'string' || text === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (parsing.invalidArguments === 'empty_object') return {};
    throw new HttpError(400, error instanceof Error ? error.message : 'invalid JSON arguments');
  }
}

function checkedTools(tools: unknown): unknown[] | undefined {
  if (tools === undefined || tools === null) return undefined;
  if (!Array.isArray(tools)) throw new HttpError(400, 'tools: Input should be a valid list');
  tools.forEach((tool: unknown, i) => {
    const fn = (tool as { type?: unknown; function?: { name?: unknown } } | null) ?? {};
    if ((fn.type !== undefined && fn.type !== 'function') || typeof fn.function?.name !== 'string')
      throw new HttpError(400, `tools.${i}.function: Field required`);
  });
  return tools;
}

/** The template's messages and tools for a /tokenize or chat request body. */
export function vllmTemplateInput(
  body: Record<string, unknown>,
  overrides: Partial<VllmChatParsing> = {},
): { messages: TemplateMessage[]; tools: unknown[] | undefined } {
  const parsing = { ...CURRENT_VLLM, ...overrides };
  const messages = (body.messages as RequestMessage[]).map((message) => {
    const role = String(message.role);
    const parsed: TemplateMessage = {
      role,
      content: typeof message.content === 'string' ? message.content : null,
    };
    if (role === 'assistant') {
      const reasoning = parsing.reasoningField === null ? null : message[parsing.reasoningField];
      if (typeof reasoning === 'string') parsed.reasoning_content = reasoning;
      if (Array.isArray(message.tool_calls) && message.tool_calls.length > 0) {
        parsed.tool_calls = message.tool_calls.map((call) => ({
          function: {
            name: String(call.function?.name),
            arguments: decodedArguments(call.function?.arguments, parsing),
          },
        }));
      }
    }
    return parsed;
  });
  return { messages, tools: checkedTools(body.tools) };
}
