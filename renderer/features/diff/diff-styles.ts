// The diff's one styled root: the turn cards' rules (TurnListRoot) and, after them so they win
// ties, the aligned rows' and the empty cells' (each beside its component).
import { styled } from '@mui/material/styles';
import { TurnListRoot } from '../../transcript/turn-styles';
import { diffTableStyles } from './diff-table-styles';
import { diffTurnCellStyles } from './diff-turn-cell-styles';

export const DiffTableRoot = styled(TurnListRoot)(({ theme }) => ({
  ...diffTableStyles(theme),
  ...diffTurnCellStyles(theme),
}));
