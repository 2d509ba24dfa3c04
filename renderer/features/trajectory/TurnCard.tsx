// One turn: index, role, action badge, ids and counts, then reasoning, content and tool calls.
// Plain elements styled by TurnListRoot's classes, so thousands of cards render quickly.
import { memo } from 'react';
import type { Turn } from '../../../shared/model';
import { formatCount } from '../../components/format';
import { ReasoningBlock } from './ReasoningBlock';
import { ToolCallView } from './ToolCallView';
import { TurnContent } from './TurnContent';

type Props = { trajectoryId: string; turn: Turn };

export const TurnCard = memo(function TurnCard({ trajectoryId, turn }: Props) {
  return (
    <section
      className={`tw-turn tw-role-${turn.role}`}
      data-testid="turn"
      data-role={turn.role}
      id={`turn-${turn.turn_index}`}
      aria-label={`Turn ${turn.turn_index}, ${turn.role}`}
    >
      <div className="tw-head">
        <span className="tw-index">#{turn.turn_index}</span>
        <span className={`tw-chip tw-role-${turn.role}`} data-testid="role-chip">
          {turn.role}
        </span>
        {turn.is_action && (
          <span
            className="tw-chip tw-action"
            data-testid="action-badge"
            title="An action of the policy (a credit-assignment step)"
          >
            action
          </span>
        )}
        {turn.tool_call_id !== null && (
          <span className="tw-meta tw-mono" title="Answers the tool call with this id">
            ↳ {turn.tool_call_id}
          </span>
        )}
        <span className="tw-spacer" />
        {turn.has_logprobs && (
          <span className="tw-chip tw-logprobs" title="Token log-probs are stored for this turn">
            log-probs
          </span>
        )}
        {turn.n_tokens !== null && (
          <span className="tw-meta">{formatCount(turn.n_tokens)} tokens</span>
        )}
        <span className="tw-meta">{formatCount(turn.content_length)} chars</span>
      </div>
      {turn.reasoning !== null && turn.reasoning !== '' && <ReasoningBlock text={turn.reasoning} />}
      <TurnContent trajectoryId={trajectoryId} turn={turn} />
      {turn.tool_calls.map((call, i) => (
        <ToolCallView key={`${call.id}:${i}`} call={call} />
      ))}
    </section>
  );
});
