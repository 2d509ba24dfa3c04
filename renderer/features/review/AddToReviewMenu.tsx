// The menu of "Add to review": the whole trajectory, or one of its steps (the step at the linked
// turn first), each added to the review queue by hand.
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useApi } from '../../api/useApi';
import { stepName, turnSpanName } from '../../components/step-names';

type Props = {
  trajectoryId: string;
  segmentation: string;
  /** The turn the page was opened at: its step is offered first. */
  turn: number | undefined;
  anchor: HTMLElement;
  onClose: () => void;
  onPick: (segmentIndex: number | undefined) => void;
};

export function AddToReviewMenu(props: Props) {
  const { trajectoryId, segmentation, turn, anchor, onClose, onPick } = props;
  const segments = useApi('getSegments', { trajectory_id: trajectoryId, segmentation });
  const list = segments.data?.segments ?? [];
  const atTurn =
    turn === undefined ? undefined : list.find((s) => s.turn_start <= turn && turn <= s.turn_end);
  const ordered = atTurn === undefined ? list : [atTurn, ...list.filter((s) => s !== atTurn)];
  return (
    <Menu
      anchorEl={anchor}
      open
      onClose={onClose}
      slotProps={{ paper: { sx: { maxHeight: 420, maxWidth: 520 } } }}
    >
      <MenuItem onClick={() => onPick(undefined)} data-testid="add-review-trajectory">
        <ListItemText primary="The whole trajectory" />
      </MenuItem>
      {segments.error !== undefined && (
        <MenuItem disabled>Could not list the steps: {segments.error.message}</MenuItem>
      )}
      {segments.data === undefined && segments.error === undefined && (
        <MenuItem disabled>Loading the steps…</MenuItem>
      )}
      {ordered.map((segment) => (
        <MenuItem
          key={segment.segment_index}
          onClick={() => onPick(segment.segment_index)}
          data-testid="add-review-segment"
          data-segment-index={segment.segment_index}
        >
          <ListItemText
            primary={`${stepName(segment.segment_index)} · ${turnSpanName(
              segment.turn_start,
              segment.turn_end,
            )}${segment === atTurn ? ' (this turn)' : ''}`}
            secondary={segment.action}
            slotProps={{ secondary: { noWrap: true } }}
          />
        </MenuItem>
      ))}
    </Menu>
  );
}
