// The headline numbers and provenance of one dataset.
import Paper from '@mui/material/Paper';
import type { DatasetSummary } from '../../../shared/model';
import { formatCount, formatDateTime, formatPercent, formatReward } from '../../components/format';
import { StatGrid } from '../../components/StatGrid';

export function DatasetSummaryPanel({ dataset }: { dataset: DatasetSummary }) {
  return (
    <Paper sx={{ p: 2, mb: 2 }}>
      <StatGrid
        stats={[
          { label: 'Format', value: dataset.format },
          {
            label: 'Storage',
            value:
              dataset.storage === 'imported'
                ? 'imported (copied into the workspace)'
                : dataset.files_missing
                  ? 'attached by reference: some files are missing'
                  : 'attached by reference (read from the files)',
          },
          {
            label: 'Secrets',
            value:
              dataset.secrets === 'redacted'
                ? `${formatCount(dataset.secrets_redacted)} redacted at import`
                : dataset.secrets === 'kept'
                  ? 'kept as imported (exports redact)'
                  : 'not scanned (exports redact)',
          },
          { label: 'Trajectories', value: formatCount(dataset.trajectories) },
          { label: 'Turns', value: formatCount(dataset.turns) },
          { label: 'Groups', value: formatCount(dataset.groups) },
          { label: 'Success rate', value: formatPercent(dataset.success_rate) },
          { label: 'Mean reward', value: formatReward(dataset.mean_reward) },
          { label: 'Imported at', value: formatDateTime(dataset.imported_at) },
          { label: 'Dataset id', value: dataset.dataset_id, mono: true },
          { label: 'Source', value: dataset.source_path, mono: true, wide: true },
          { label: 'Content SHA-256', value: dataset.content_sha256, mono: true, wide: true },
        ]}
      />
    </Paper>
  );
}
