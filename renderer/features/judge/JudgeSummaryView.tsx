// What a judge run did: labels written, answers from the cache, failures (with reasons), tokens
// spent and the roles it gave.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { JudgeSummary } from '../../../shared/api-judge';
import { ROLE_LABELS } from '../../../shared/model';
import { SERVER_LABELS } from '../../../shared/server-profiles';
import { formatCount } from '../../components/format';
import { StatGrid } from '../../components/StatGrid';
import { stepName } from '../../components/step-names';

export function JudgeSummaryView({ summary }: { summary: JudgeSummary }) {
  return (
    <Box data-testid="judge-summary">
      <Alert severity={summary.failed > 0 ? 'warning' : 'success'} sx={{ mb: 2 }}>
        Judged {summary.segments} segments as <code>{summary.source}</code>
        {summary.server === undefined ? '' : ` on ${SERVER_LABELS[summary.server]}`} in{' '}
        {summary.seconds.toFixed(1)} s.
      </Alert>
      <StatGrid
        stats={[
          { label: 'Labels written', value: formatCount(summary.labeled) },
          { label: 'From cache', value: formatCount(summary.cached) },
          { label: 'Failed', value: formatCount(summary.failed) },
          { label: 'Requests', value: formatCount(summary.requests) },
          { label: 'Prompt tokens', value: formatCount(summary.prompt_tokens) },
          { label: 'Completion tokens', value: formatCount(summary.completion_tokens) },
        ]}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
        {ROLE_LABELS.map((role) => (
          <Chip
            key={role}
            size="small"
            variant="outlined"
            label={`${role}: ${summary.roles[role] ?? 0}`}
            data-testid={`judge-role-${role}`}
          />
        ))}
      </Stack>
      {summary.failures.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2">
            Failures{summary.failed > summary.failures.length ? ' (the first ones)' : ''}: no label
            was written; the next run asks again.
          </Typography>
          <Box
            component="ul"
            sx={{ m: 0, pl: 2, maxHeight: 160, overflow: 'auto', fontSize: 13 }}
            data-testid="judge-failures"
          >
            {summary.failures.map((failure) => (
              <li key={`${failure.trajectory_id}#${failure.segment_index}`}>
                <code>
                  {failure.trajectory_id} · {stepName(failure.segment_index)}
                </code>
                : {failure.reason}
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
