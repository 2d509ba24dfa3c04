// Regroup a dataset by any SQL expression over the trajectories view: preview the groups it
// makes, apply it, or go back to the grouping the importer derived.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ApiOutput } from '../../../shared/api';
import type { ApiError } from '../../../shared/result';
import { useApiClient } from '../../api/ApiContext';
import { ErrorAlert } from '../../components/ErrorAlert';

const EXAMPLES = [
  'task_id',
  "task_id || ':' || (metadata->>'seed')",
  "metadata->>'difficulty'",
  'model',
];

type Props = {
  datasetId: string;
  open: boolean;
  onClose: () => void;
  onApplied: (groups: number) => void;
};

export function RegroupDialog({ datasetId, open, onClose, onApplied }: Props) {
  const client = useApiClient();
  const [expression, setExpression] = useState('task_id');
  const [preview, setPreview] = useState<ApiOutput<'previewRegroup'> | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  async function run<T>(
    work: () => Promise<{ ok: true; value: T } | { ok: false; error: ApiError }>,
  ) {
    setBusy(true);
    setError(null);
    const result = await work();
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return null;
    }
    return result.value;
  }

  const showPreview = async () => {
    setPreview(
      await run(() => client.call('previewRegroup', { dataset_id: datasetId, expression })),
    );
  };
  const apply = async (value: string | null) => {
    const result = await run(() =>
      client.call('regroupDataset', { dataset_id: datasetId, expression: value }),
    );
    if (result !== null) onApplied(result.groups);
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>Regroup trajectories</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          Groups are the unit of GRPO advantages and turn trees. Any SQL expression over the columns
          of the <code>trajectories</code> view defines them.
        </Typography>
        <TextField
          label="Grouping expression"
          value={expression}
          onChange={(event) => {
            setExpression(event.target.value);
            setPreview(null);
          }}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'regroup-expression', spellCheck: false } }}
          sx={{ '& input': { fontFamily: 'monospace' } }}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
          {EXAMPLES.map((example) => (
            <Chip
              key={example}
              label={example}
              size="small"
              variant="outlined"
              onClick={() => {
                setExpression(example);
                setPreview(null);
              }}
              sx={{ fontFamily: 'monospace' }}
            />
          ))}
        </Stack>
        {error !== null && (
          <Stack sx={{ mt: 2 }}>
            <ErrorAlert error={error} title="The expression was refused" />
          </Stack>
        )}
        {preview !== null && (
          <Stack sx={{ mt: 2 }} data-testid="regroup-preview">
            <Alert severity="info">
              {preview.groups} groups; the largest {preview.sample.length} are listed.
            </Alert>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>group_id</TableCell>
                  <TableCell align="right">trajectories</TableCell>
                  <TableCell align="right">success rate</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.sample.map((group) => (
                  <TableRow key={String(group.group_id)}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>
                      {group.group_id ?? 'NULL'}
                    </TableCell>
                    <TableCell align="right">{group.trajectories}</TableCell>
                    <TableCell align="right">
                      {group.success_rate === null
                        ? '—'
                        : `${(group.success_rate * 100).toFixed(0)}%`}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void apply(null)} disabled={busy} sx={{ mr: 'auto' }}>
          Reset to imported grouping
        </Button>
        <Button onClick={onClose}>Cancel</Button>
        <Button onClick={() => void showPreview()} disabled={busy || expression.trim() === ''}>
          Preview
        </Button>
        <Button
          variant="contained"
          onClick={() => void apply(expression)}
          disabled={busy || expression.trim() === ''}
          data-testid="regroup-apply"
        >
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}
