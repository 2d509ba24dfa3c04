// The selected turn-tree node: its turn (or the shared turns it stands for), its Monte-Carlo
// statistics and links to every rollout through it.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AppLink } from '../AppLink';
import { StatGrid } from '../StatGrid';
import { hrefFor } from '../../routing/routes';
import { MONO_FONT } from '../../theme/theme';
import { fixed, signed, turnRangeText } from './turn-tree-option';
import { drawnNodeLabel, type DrawnNode } from './tree-layout';

function endingText(node: DrawnNode): string {
  if (node.endOutcome === null) return 'none';
  return `${node.ended} (${node.endOutcome})`;
}

export function TurnTreeNodeDetail({ node }: { node: DrawnNode | undefined }) {
  if (node === undefined) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="turn-tree-node-detail">
        Select a node in the graph or the list to see its turn and the rollouts through it.
      </Typography>
    );
  }
  const earlier =
    node.turns > 1 ? ` (the last of ${node.turns} turns every rollout here shares)` : '';
  return (
    <Box role="region" aria-label="Selected turn-tree node" data-testid="turn-tree-node-detail">
      <Typography variant="subtitle2">
        {drawnNodeLabel(node)} · {turnRangeText(node)}
      </Typography>
      {node.role !== null && (
        <>
          <Typography variant="caption" color="text.secondary">
            {node.role}
            {node.tool_names.length > 0 ? ` → ${node.tool_names.join(', ')}` : ''}
            {earlier}
          </Typography>
          <Typography
            component="pre"
            variant="body2"
            sx={{
              fontFamily: MONO_FONT,
              fontSize: 12,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              maxHeight: 140,
              overflowY: 'auto',
              bgcolor: 'action.hover',
              p: 1,
              my: 1,
              borderRadius: 1,
            }}
          >
            {node.preview === null || node.preview === '' ? '(no text)' : node.preview}
          </Typography>
        </>
      )}
      <StatGrid
        stats={[
          { label: 'n (rollouts through it)', value: node.n },
          { label: 'successes / known', value: `${node.successes} / ${node.n_known}` },
          { label: 'p (success rate)', value: fixed(node.p) },
          { label: 'p(1-p)', value: fixed(node.success_variance) },
          { label: 'branch advantage', value: signed(node.branch_advantage) },
          { label: 'rollouts ending here', value: endingText(node) },
        ]}
      />
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 1 }}>
        Rollouts through this node
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2, columns: '220px', fontSize: 12 }}>
        {node.rollout_ids.map((id) => (
          <li key={id}>
            <AppLink href={hrefFor({ name: 'trajectory', id })}>{id}</AppLink>
          </li>
        ))}
      </Box>
    </Box>
  );
}
