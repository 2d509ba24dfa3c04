// A transcript turn for renderer tests: every field defaulted, content_length taken from the
// content, so a field added to Turn is added here once rather than in every test.
import type { Turn } from '../../shared/model';

export function makeTurn(partial: Partial<Turn> & Pick<Turn, 'role'>): Turn {
  const content = partial.content ?? '';
  return {
    turn_index: 0,
    content,
    content_length: content.length,
    content_truncated: false,
    reasoning: null,
    tool_calls: [],
    tool_call_id: null,
    is_action: false,
    n_tokens: null,
    has_logprobs: false,
    has_details: false,
    error: null,
    ...partial,
  };
}
