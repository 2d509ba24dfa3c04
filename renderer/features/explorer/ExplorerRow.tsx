// One trajectory in the explorer grid; a click anywhere but a link opens it, and the small icon
// beside the group id opens the group.
import { alpha, styled } from '@mui/material/styles';
import IconButton from '@mui/material/IconButton';
import WorkspacesOutlined from '@mui/icons-material/WorkspacesOutlined';
import { memo, type ReactNode } from 'react';
import type { TrajectoryListRow } from '../../../shared/api-explorer';
import { AppLink } from '../../components/AppLink';
import { DASH, formatCount, formatReward } from '../../components/format';
import { OutcomeChip } from '../../components/OutcomeChip';
import { groupHref, navigate, trajectoryHref } from '../../routing/routes';
import { MONO_FONT } from '../../theme/theme';
import { PINNED_COLUMN, type ExplorerColumn } from './explorer-columns';
import { shortTrajectoryId } from './trajectory-id';
import { columnWidthVar } from './useExplorerColumns';

export const EXPLORER_ROW_HEIGHT = 36;

/**
 * The row and its cells styled once, by attributes, instead of an `sx` object per row and per
 * cell: emotion serialised and inserted a style for every row (its `top`) and processed every
 * cell's `sx` at each render, most of the explorer's first paint (docs/performance.md).
 */
const Row = styled('div')(({ theme }) => {
  // The keyboard-selected row must stand out at a glance: a primary tint, not the faint grey.
  const selectedFill = alpha(theme.palette.primary.main, 0.2);
  return {
    position: 'absolute',
    height: EXPLORER_ROW_HEIGHT,
    display: 'flex',
    alignItems: 'center',
    borderBottom: `1px solid ${theme.palette.divider}`,
    cursor: 'pointer',
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&[aria-selected="true"], &[aria-selected="true"]:hover': { backgroundColor: selectedFill },
    '& > [role="gridcell"]': {
      flex: 'none',
      padding: theme.spacing(0, 0.75),
      boxSizing: 'border-box',
      overflow: 'hidden',
      whiteSpace: 'nowrap',
      textOverflow: 'ellipsis',
      textAlign: 'left',
      fontSize: 13,
    },
    '& > [data-numeric]': { textAlign: 'right' },
    '& > [data-mono]': { fontSize: 12, fontFamily: MONO_FONT },
    // The id cell stays in view while the wide grid scrolls sideways; it needs its own opaque
    // fill, and the bar marks the selected row even where the tint is faint (a bright screen).
    '& > [data-pinned]': {
      position: 'sticky',
      left: 0,
      zIndex: 1,
      backgroundColor: theme.palette.background.paper,
    },
    '&[aria-selected="true"] > [data-pinned]': {
      backgroundImage: `linear-gradient(${selectedFill}, ${selectedFill})`,
      boxShadow: `inset 3px 0 ${theme.palette.primary.main}`,
    },
  };
});

const MONO_COLUMNS = new Set(['trajectory_id', 'task_id', 'group_id', 'dataset_id']);

function cellContent(column: ExplorerColumn, row: TrajectoryListRow, shortIds: boolean): ReactNode {
  const value = row[column.id];
  switch (column.id) {
    case 'trajectory_id':
      // With the dataset in its own column the id shows only its key (full id on hover and copy);
      // with that column hidden, the whole id.
      return (
        <AppLink href={trajectoryHref(row.trajectory_id)}>
          {shortIds ? shortTrajectoryId(row.trajectory_id, row.dataset_id) : row.trajectory_id}
        </AppLink>
      );
    case 'group_id':
      return row.group_id === null ? (
        DASH
      ) : (
        <>
          <IconButton
            component="a"
            href={groupHref(row.group_id)}
            aria-label={`Open group ${row.group_id}`}
            title="Open the group"
            sx={{ p: 0.25, mr: 0.5, color: 'primary.main' }}
          >
            <WorkspacesOutlined sx={{ fontSize: 14 }} />
          </IconButton>
          {row.group_id}
        </>
      );
    case 'success':
      return <OutcomeChip success={row.success} />;
    case 'reward':
    case 'progress_score':
    case 'outcome_advantage':
      return formatReward(value as number | null);
    case 'decisive_progress':
    case 'useful_exploration':
    case 'no_progress_infrastructure':
    case 'regression':
      return value === 0 ? '' : formatCount(value as number);
    default:
      return typeof value === 'number' ? formatCount(value) : ((value as string | null) ?? DASH);
  }
}

type Props = {
  row: TrajectoryListRow;
  index: number;
  /** The shown columns in order; their widths come from CSS variables on the grid. */
  columns: readonly ExplorerColumn[];
  /** The dataset column is shown, so ids may drop their dataset prefix. */
  shortIds: boolean;
  selected: boolean;
  onSelect: (index: number) => void;
};

export const ExplorerRow = memo(function ExplorerRow({
  row,
  index,
  columns,
  shortIds,
  selected,
  onSelect,
}: Props) {
  const href = trajectoryHref(row.trajectory_id);
  const flag = (on: boolean) => (on ? '' : undefined);
  return (
    <Row
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-testid="trajectory-row"
      data-row-index={index}
      style={{ top: index * EXPLORER_ROW_HEIGHT }}
      onClick={(event) => {
        onSelect(index);
        if ((event.target as Element).closest('a') === null) navigate(href);
      }}
    >
      {columns.map((column) => (
        <div
          key={column.id}
          role="gridcell"
          title={typeof row[column.id] === 'string' ? String(row[column.id]) : undefined}
          data-numeric={flag(column.numeric === true)}
          data-mono={flag(MONO_COLUMNS.has(column.id))}
          data-pinned={flag(column.id === PINNED_COLUMN)}
          style={{ width: `var(${columnWidthVar(column.id)})` }}
          // Copying the shortened id copies the whole one, which is what other tools accept.
          onCopy={
            column.id === 'trajectory_id'
              ? (event) => {
                  event.clipboardData.setData('text/plain', row.trajectory_id);
                  event.preventDefault();
                }
              : undefined
          }
        >
          {cellContent(column, row, shortIds)}
        </div>
      ))}
    </Row>
  );
});
