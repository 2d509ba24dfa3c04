// A run and, below it, each run trained on an export made from it, joined by that export:
// base run -> export -> checkpoint run -> export -> ... Branches sit side by side.
import Box from '@mui/material/Box';
import { ExportConnector } from './ExportConnector';
import { LineageRunCard } from './LineageRunCard';
import type { LineageNode } from './run-lineage';
import type { DecideRun } from './useDecideRun';

type Props = { node: LineageNode; decision: DecideRun; root?: boolean };

export function LineageTree({ node, decision, root = false }: Props) {
  const { run } = node;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
      {root && run.trained_from !== null && run.parent === null && (
        <ExportConnector exportId={run.trained_from} record={node.exportRecord} orphan />
      )}
      <LineageRunCard run={run} decision={decision} />
      {node.children.length > 0 && (
        <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
          {node.children.map((child) => (
            <Box
              key={child.run.dataset_id}
              sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}
            >
              <ExportConnector
                exportId={child.run.trained_from ?? 'unknown'}
                record={child.exportRecord}
              />
              <LineageTree node={child} decision={decision} />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
