// One side of an aligned row: a compact turn card (the turn card's classes, styled by
// DiffTableRoot as in the trajectory page), or an empty cell where this side has no matching
// step. A card that fails to render shows its turn's text plain, as in the transcript.
import { memo } from 'react';
import type { Turn } from '../../../shared/model';
import { formatCount } from '../../components/format';
import { ReasoningBlock } from '../../transcript/ReasoningBlock';
import { ToolCallView } from '../../transcript/ToolCallView';
import { TurnContent } from '../../transcript/TurnContent';
import { TurnErrorBoundary } from '../../transcript/TurnErrorBoundary';
import { roleClass, turnCardClasses } from '../../transcript/turn-card-styles';
import { diffTurnCellClasses } from './diff-turn-cell-styles';

const c = turnCardClasses;

type Props = { trajectoryId: string; turn: Turn | undefined; side: 'A' | 'B' };

export const DiffTurnCell = memo(function DiffTurnCell({ trajectoryId, turn, side }: Props) {
  if (turn === undefined) {
    return (
      <div className={diffTurnCellClasses.gap} data-testid="diff-gap">
        no matching step in {side}
      </div>
    );
  }
  return (
    <TurnErrorBoundary turn={turn} anchored={false}>
      <section
        className={`${c.turn} ${roleClass(turn.role)}`}
        data-testid="diff-turn"
        data-turn-index={turn.turn_index}
        aria-label={`${side}: turn ${turn.turn_index}, ${turn.role}`}
      >
        <div className={c.head}>
          <span className={c.index}>#{turn.turn_index}</span>
          <span className={`${c.chip} ${roleClass(turn.role)}`}>{turn.role}</span>
          {turn.is_action && <span className={`${c.chip} ${c.action}`}>action</span>}
          <span className={c.spacer} />
          <span className={c.meta}>{formatCount(turn.content_length)} chars</span>
        </div>
        {turn.reasoning !== null && turn.reasoning !== '' && (
          <ReasoningBlock text={turn.reasoning} />
        )}
        <TurnContent trajectoryId={trajectoryId} turn={turn} />
        {turn.tool_calls.map((call, i) => (
          <ToolCallView key={`${call.id}:${i}`} call={call} />
        ))}
      </section>
    </TurnErrorBoundary>
  );
});
