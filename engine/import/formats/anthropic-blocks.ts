// Anthropic Messages content blocks (text, thinking, tool_use, tool_result, ...) as the pieces of
// canonical turns. Shared by readers whose logs store Anthropic-shaped messages.
import type { ToolCall } from '../../../shared/model';
import { RecordError } from '../../chat/canonical';
import { canonicalArguments } from '../../text/canonical-json';
import { isRecord } from '../../chat/openai-messages';

/** What the blocks of one or more assistant messages add up to. */
export interface AssistantParts {
  text: string[];
  reasoning: string[];
  calls: ToolCall[];
}

export interface ToolResultBlock {
  tool_use_id: string;
  content: string;
  is_error: boolean;
}

export interface UserParts {
  text: string[];
  results: ToolResultBlock[];
}

/** A block the reader does not read as text stays visible as a short marker. */
function marker(block: Record<string, unknown>): string {
  return `[${typeof block.type === 'string' ? block.type : 'block'}]`;
}

function blocksOf(content: unknown, where: string): Record<string, unknown>[] | string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) throw new RecordError(`${where}: expected text or a list of blocks`);
  return content.map((block, index) => {
    if (!isRecord(block)) throw new RecordError(`${where}[${index}]: expected a content block`);
    return block;
  });
}

/** The text of blocks that are only read as text (a tool result's content). */
export function blocksText(content: unknown, where: string): string {
  if (content === null || content === undefined) return '';
  const blocks = blocksOf(content, where);
  if (typeof blocks === 'string') return blocks;
  return blocks
    .map((block) => (typeof block.text === 'string' ? block.text : marker(block)))
    .join('\n');
}

export function emptyAssistantParts(): AssistantParts {
  return { text: [], reasoning: [], calls: [] };
}

/** Adds an assistant message's blocks to `parts`: text, thinking as reasoning, tool uses. */
export function addAssistantBlocks(content: unknown, where: string, parts: AssistantParts): void {
  const blocks = blocksOf(content, where);
  if (typeof blocks === 'string') {
    parts.text.push(blocks);
    return;
  }
  blocks.forEach((block, index) => {
    const at = `${where}[${index}]`;
    switch (block.type) {
      case 'text':
        if (typeof block.text !== 'string') throw new RecordError(`${at}.text: expected a string`);
        parts.text.push(block.text);
        break;
      case 'thinking':
        if (typeof block.thinking !== 'string') {
          throw new RecordError(`${at}.thinking: expected a string`);
        }
        parts.reasoning.push(block.thinking);
        break;
      case 'redacted_thinking':
        parts.reasoning.push('[redacted thinking]');
        break;
      case 'tool_use':
      case 'server_tool_use':
      case 'mcp_tool_use': {
        if (typeof block.id !== 'string' || typeof block.name !== 'string' || block.name === '') {
          throw new RecordError(`${at}: a tool use needs an id and a name`);
        }
        parts.calls.push({
          id: block.id,
          name: block.name,
          arguments: canonicalArguments(block.input),
        });
        break;
      }
      default:
        parts.text.push(marker(block));
    }
  });
}

/** A user message's blocks: its text, and the tool results it carries back. */
export function userBlocks(content: unknown, where: string): UserParts {
  const parts: UserParts = { text: [], results: [] };
  const blocks = blocksOf(content, where);
  if (typeof blocks === 'string') {
    parts.text.push(blocks);
    return parts;
  }
  blocks.forEach((block, index) => {
    const at = `${where}[${index}]`;
    if (block.type === 'tool_result') {
      if (typeof block.tool_use_id !== 'string') {
        throw new RecordError(`${at}.tool_use_id: expected a string`);
      }
      parts.results.push({
        tool_use_id: block.tool_use_id,
        content: blocksText(block.content, `${at}.content`),
        is_error: block.is_error === true,
      });
    } else if (block.type === 'text' && typeof block.text === 'string') {
      parts.text.push(block.text);
    } else {
      parts.text.push(marker(block));
    }
  });
  return parts;
}
