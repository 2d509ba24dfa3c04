// One turn: index, role, action badge, ids and counts, then reasoning, content and tool calls.
// Plain elements with class names, styled once per list by TurnListRoot (turn-card-styles.ts),
// so thousands of cards render quickly.
import { memo, useState } from 'react';
import type { Turn } from '../../shared/model';
import { formatCount } from '../components/format';
import { LogprobStrips } from './LogprobStrips';
import { rendersMarkdown } from './markdown-turn';
import { ReasoningBlock } from './ReasoningBlock';
import { ToolCallView } from './ToolCallView';
import { TurnContent } from './TurnContent';
import { TurnDetailsPanel } from './TurnDetailsPanel';
import { TurnErrorBadge } from './TurnErrorBadge';
import { TurnRawToggle } from './TurnRawToggle';
import { roleClass, turnCardClasses } from './turn-card-styles';

const c = turnCardClasses;

type Props = {
  trajectoryId: string;
  turn: Turn;
  /** A search query to mark in the card's text. */
  highlight?: string;
  /** The card the search or the failure jump is on. */
  active?: boolean;
};

export const TurnCard = memo(function TurnCard({
  trajectoryId,
  turn,
  highlight = '',
  active = false,
}: Props) {
  const [showLogprobs, setShowLogprobs] = useState(false);
  const [raw, setRaw] = useState(false);
  const [showDetails, setShowDetails] = useState(false);
  return (
    <section
      className={`${c.turn} ${roleClass(turn.role)}${active ? ` ${c.active}` : ''}`}
      data-testid="turn"
      data-role={turn.role}
      id={`turn-${turn.turn_index}`}
      aria-label={`Turn ${turn.turn_index}, ${turn.role}`}
    >
      <div className={c.head}>
        <span className={c.index}>#{turn.turn_index}</span>
        <span className={`${c.chip} ${roleClass(turn.role)}`} data-testid="role-chip">
          {turn.role}
        </span>
        {turn.is_action && (
          <span
            className={`${c.chip} ${c.action}`}
            data-testid="action-badge"
            title="An action of the policy (a credit-assignment step)"
          >
            action
          </span>
        )}
        {turn.error !== null && <TurnErrorBadge error={turn.error} />}
        {turn.tool_call_id !== null && (
          <span className={`${c.meta} ${c.mono}`} title="Answers the tool call with this id">
            ↳ {turn.tool_call_id}
          </span>
        )}
        <span className={c.spacer} />
        {rendersMarkdown(turn.role, turn.content) && (
          <TurnRawToggle raw={raw} onToggle={() => setRaw((r) => !r)} />
        )}
        {turn.has_details && (
          <button
            type="button"
            className={c.chip}
            title="What the format recorded about this turn: model, tokens, latency, sampling, …"
            aria-pressed={showDetails}
            data-testid="turn-details-toggle"
            onClick={() => setShowDetails((s) => !s)}
          >
            {showDetails ? '▾' : '▸'} details
          </button>
        )}
        {turn.has_logprobs && (
          <button
            type="button"
            className={`${c.chip} ${c.logprobs}`}
            title="Show this turn's token log-probs as heat strips"
            aria-pressed={showLogprobs}
            data-testid="logprobs-toggle"
            onClick={() => setShowLogprobs((s) => !s)}
          >
            {showLogprobs ? '▾' : '▸'} log-probs
          </button>
        )}
        {turn.n_tokens !== null && (
          <span className={c.meta}>{formatCount(turn.n_tokens)} tokens</span>
        )}
        <span className={c.meta}>{formatCount(turn.content_length)} chars</span>
      </div>
      {showDetails && <TurnDetailsPanel trajectoryId={trajectoryId} turnIndex={turn.turn_index} />}
      {showLogprobs && <LogprobStrips trajectoryId={trajectoryId} turnIndex={turn.turn_index} />}
      {turn.reasoning !== null && turn.reasoning !== '' && (
        <ReasoningBlock text={turn.reasoning} highlight={highlight} />
      )}
      <TurnContent trajectoryId={trajectoryId} turn={turn} highlight={highlight} raw={raw} />
      {turn.tool_calls.map((call, i) => (
        <ToolCallView key={`${call.id}:${i}`} call={call} highlight={highlight} />
      ))}
    </section>
  );
});
