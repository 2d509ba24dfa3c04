// Which turns show their text as Markdown: messages (user, assistant, system), not observations,
// which are program output; and not diffs, whose +/- lines Markdown would read as lists.
import type { TurnRole } from '../../shared/model';
import { looksLikeDiff } from './terminal-text';

/** Longer messages stay plain text: parsing a megabyte on every card render would stall the list. */
export const MARKDOWN_MAX_CHARS = 200_000;

export function isMessageRole(role: TurnRole): boolean {
  return role === 'user' || role === 'assistant' || role === 'system';
}

export function rendersMarkdown(role: TurnRole, text: string): boolean {
  return (
    isMessageRole(role) && text !== '' && text.length <= MARKDOWN_MAX_CHARS && !looksLikeDiff(text)
  );
}
