// A group's turn tree (docs/credit.md, turn trees) drawn with ECharts: the rollouts of one prompt
// merged into a prefix tree, shared chains of turns collapsed, left to right by depth. Nodes are
// sized by the rollouts through them and coloured by their success rate; leaves are diamonds
// ringed by outcome. Clicking a node (or choosing it in the list beside the canvas) shows its
// turn, n, p, p(1-p), branch advantage and the rollouts through it.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useCallback, useId, useMemo, useState } from 'react';
import type { ApiOutput } from '../../../shared/api';
import type { ApiState } from '../../api/useApi';
import { EChart, type EChartItemClick } from '../EChart';
import { ErrorAlert } from '../ErrorAlert';
import { TurnTreeNodeDetail } from './TurnTreeNodeDetail';
import { TurnTreeNodeList } from './TurnTreeNodeList';
import { layoutTurnTree } from './tree-layout';
import { ROW_HEIGHT, successColor, turnTreeOption, type TreeColors } from './turn-tree-option';

const MIN_HEIGHT = 240;
const MAX_HEIGHT = 560;

function Legend({ colors }: { colors: TreeColors }) {
  const swatch = (color: string, shape: 'circle' | 'diamond' = 'circle') => (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        width: 10,
        height: 10,
        mx: 0.5,
        bgcolor: color,
        borderRadius: shape === 'circle' ? '50%' : 0,
        transform: shape === 'diamond' ? 'rotate(45deg) scale(0.8)' : undefined,
        verticalAlign: 'middle',
      }}
    />
  );
  return (
    <Typography variant="caption" color="text.secondary" component="div">
      Size: rollouts through a node. Colour: success rate p from
      {swatch(successColor(0, colors.unknown))}0 to{swatch(successColor(1, colors.unknown))}1,
      {swatch(colors.unknown)}unknown. Leaves{swatch(colors.text, 'diamond')}are ringed green
      (success) or red (failure). “k shared turns” stands for a chain every rollout there shares.
      Drag to pan, scroll to zoom.
    </Typography>
  );
}

/** `tree`: the group's getTurnTree answer, loaded once by the group page for its panels. */
export function TurnTreeGraph({ tree }: { tree: ApiState<ApiOutput<'getTurnTree'>> }) {
  const theme = useTheme();
  const idPrefix = useId().replace(/:/g, '');
  const [selected, setSelected] = useState<number | null>(null);
  const layout = useMemo(
    () => (tree.data === undefined ? undefined : layoutTurnTree(tree.data.nodes)),
    [tree.data],
  );
  const colors: TreeColors = useMemo(
    () => ({
      success: theme.palette.success.main,
      failure: theme.palette.error.main,
      unknown: theme.palette.grey[500],
      edge: theme.palette.text.disabled,
      selected: theme.palette.primary.main,
      text: theme.palette.text.secondary,
    }),
    [theme],
  );
  const rollouts = tree.data?.rollouts ?? 0;
  const height =
    layout === undefined
      ? MIN_HEIGHT
      : Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, layout.rows * ROW_HEIGHT * 0.8 + 60));
  const option = useMemo(
    () =>
      layout === undefined ? undefined : turnTreeOption(layout, rollouts, selected, colors, height),
    [layout, rollouts, selected, colors, height],
  );
  const onItemClick = useCallback(
    (item: EChartItemClick) => {
      if (item.dataType === 'node') setSelected(item.dataIndex);
    },
    [setSelected],
  );

  if (tree.error !== undefined) return <ErrorAlert error={tree.error} title="No turn tree" />;
  if (tree.data === undefined || layout === undefined || option === undefined) return null;
  const turns = tree.data.nodes.length - 1;
  return (
    <Paper sx={{ p: 2, mb: 2 }} data-testid="turn-tree-graph">
      <Typography variant="subtitle2">
        Turn tree graph: {rollouts} rollouts, {turns} distinct turns drawn as {layout.nodes.length}{' '}
        nodes
      </Typography>
      <Legend colors={colors} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }} role="figure" aria-label="Turn tree graph">
          <EChart option={option} height={height} onItemClick={onItemClick} />
        </Box>
        <Box sx={{ width: { xs: '100%', md: 300 }, flexShrink: 0 }}>
          <TurnTreeNodeList
            nodes={layout.nodes}
            selected={selected}
            onSelect={setSelected}
            height={height}
            idPrefix={idPrefix}
          />
        </Box>
      </Stack>
      <Box sx={{ mt: 2 }}>
        <TurnTreeNodeDetail node={selected === null ? undefined : layout.nodes[selected]} />
      </Box>
    </Paper>
  );
}
