// What import-time redaction replaced in a dataset: a line that says whether the text was
// scanned, then counts by kind and field, and the first places with links to the turn. Values
// were never stored, so only kinds and places can be shown.
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ApiOutput } from '../../../shared/api';
import { useApi } from '../../api/useApi';
import { AppLink } from '../../components/AppLink';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatCount } from '../../components/format';
import { hrefFor } from '../../routing/routes';

type Report = ApiOutput<'listRedactions'>;

const STATE_TEXT: Record<Report['secrets'], string> = {
  redacted: 'Scanned at import: nothing matched a secret rule.',
  kept: 'Secrets were kept as they are (imported with --keep-secrets). Exports redact them unless told to keep them.',
  unscanned:
    'Not scanned at import (attached, or imported by an older version). Exports scan and redact as they write.',
};

function fieldName(field: string): string {
  return field.replaceAll('_', ' ');
}

function Places({ report }: { report: Report }) {
  return (
    <Table size="small" aria-label="redacted places">
      <TableHead>
        <TableRow>
          <TableCell>Trajectory</TableCell>
          <TableCell>Turn</TableCell>
          <TableCell>Field</TableCell>
          <TableCell>Kind</TableCell>
          <TableCell align="right">Count</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {report.places.map((place) => (
          <TableRow
            key={`${place.trajectory_id}:${place.turn_index ?? '-'}:${place.field}:${place.kind}`}
          >
            <TableCell>
              <AppLink
                href={hrefFor({
                  name: 'trajectory',
                  id: place.trajectory_id,
                  ...(place.turn_index === null ? {} : { turn: place.turn_index }),
                })}
              >
                {place.trajectory_id}
              </AppLink>
            </TableCell>
            <TableCell>{place.turn_index ?? 'trajectory'}</TableCell>
            <TableCell>{fieldName(place.field)}</TableCell>
            <TableCell>{place.kind}</TableCell>
            <TableCell align="right">{formatCount(place.count)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function RedactionsPanel({ datasetId }: { datasetId: string }) {
  const report = useApi('listRedactions', { dataset_id: datasetId, limit: 50 });
  if (report.error !== undefined) {
    return <ErrorAlert error={report.error} title="Could not load the redaction report" />;
  }
  const data = report.data;
  if (data === undefined) return null;
  if (data.total === 0) {
    return (
      <Alert
        severity={data.secrets === 'redacted' ? 'info' : 'warning'}
        sx={{ mb: 2 }}
        data-testid="redactions"
      >
        Secrets: {STATE_TEXT[data.secrets]}
      </Alert>
    );
  }
  return (
    <Paper sx={{ p: 2, mb: 2 }} data-testid="redactions">
      <Typography variant="subtitle1" component="h2">
        Secrets redacted at import: {formatCount(data.total)}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        Each was replaced in the stored text by [REDACTED:kind]; the values were never stored.
        Re-import with --keep-secrets to keep them.
      </Typography>
      <Table size="small" aria-label="redactions by kind" sx={{ mb: 2 }}>
        <TableHead>
          <TableRow>
            <TableCell>Kind</TableCell>
            <TableCell>Field</TableCell>
            <TableCell align="right">Secrets</TableCell>
            <TableCell align="right">Trajectories</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.by_kind.map((row) => (
            <TableRow key={`${row.kind}:${row.field}`} data-testid="redaction-kind">
              <TableCell>{row.kind}</TableCell>
              <TableCell>{fieldName(row.field)}</TableCell>
              <TableCell align="right">{formatCount(row.count)}</TableCell>
              <TableCell align="right">{formatCount(row.trajectories)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="subtitle2" component="h3">
        Where {data.truncated ? `(the first ${data.places.length})` : ''}
      </Typography>
      <Places report={data} />
    </Paper>
  );
}
