// A guess at a turn card's height before it is rendered and measured: the transcript's
// virtualizer lays out unmeasured cards with it (close enough to scroll by).
import type { Turn } from '../../shared/model';

const LINE = 19.5;
const CHARS_PER_LINE = 100;

/** From the text, the reasoning and the tool calls a card shows. */
export function estimateTurnHeight(turn: Turn): number {
  let lines = 0;
  for (const line of turn.content.split('\n', 400)) {
    lines += Math.max(1, Math.ceil(line.length / CHARS_PER_LINE));
  }
  const observation = turn.role === 'tool' || turn.role === 'environment';
  // Observations scroll inside a box of at most 640px; other text is shown whole.
  const text = Math.min(observation ? 640 : 4000, lines * (observation ? 18 : LINE));
  const reasoning = turn.reasoning !== null && turn.reasoning !== '' ? 26 : 0;
  const calls = turn.tool_calls.reduce(
    (sum, call) => sum + 40 + Math.min(480, (call.arguments.split(',').length + 2) * 18),
    0,
  );
  const more = turn.content_truncated ? 40 : 0;
  return 48 + text + reasoning + calls + more;
}
