// Renders turns incrementally: the first batch at once, more on request, so a 2,000-turn
// trajectory opens instantly and stays responsive.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Turn } from '../../../shared/model';
import { formatCount } from '../../components/format';
import { TurnCard } from './TurnCard';
import { TurnListRoot } from './turn-styles';

export const TURN_BATCH = 200;

type Props = {
  trajectoryId: string;
  turns: Turn[];
  /** A turn that must be rendered even beyond the batches shown (the segment being labeled). */
  revealTurn?: number | null;
};

export function TurnList({ trajectoryId, turns, revealTurn = null }: Props) {
  const [shown, setShown] = useState(TURN_BATCH);
  const revealAt = revealTurn === null ? -1 : turns.findIndex((t) => t.turn_index >= revealTurn);
  const visible = turns.slice(0, Math.max(shown, revealAt + 1));
  const remaining = turns.length - visible.length;
  return (
    <TurnListRoot>
      {visible.map((turn) => (
        <TurnCard key={turn.turn_index} trajectoryId={trajectoryId} turn={turn} />
      ))}
      {turns.length === 0 && (
        <Typography sx={{ color: 'text.secondary', py: 2 }}>
          This trajectory has no turns.
        </Typography>
      )}
      {remaining > 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Showing {formatCount(visible.length)} of {formatCount(turns.length)} turns.
          </Typography>
          <Button
            variant="outlined"
            onClick={() => setShown((n) => n + TURN_BATCH)}
            data-testid="turns-more"
          >
            Show {formatCount(Math.min(TURN_BATCH, remaining))} more
          </Button>
          <Button onClick={() => setShown(turns.length)}>Show all</Button>
        </Box>
      )}
    </TurnListRoot>
  );
}
