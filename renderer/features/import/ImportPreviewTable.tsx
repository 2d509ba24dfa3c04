// The first trajectories of an import preview. Reward and outcome come right after the id, and long
// ids are cut with their full text on hover, so the columns a researcher checks first never sit
// beyond the dialog's right edge (real source ids run to 60+ characters).
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ApiOutput } from '../../../shared/api';
import { OutcomeChip } from '../../components/OutcomeChip';

type PreviewTrajectory = ApiOutput<'previewImport'>['trajectories'][number];

const cut = (maxWidth: number) => ({
  maxWidth,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

function CutCell({ text, maxWidth, mono }: { text: string; maxWidth: number; mono?: boolean }) {
  return (
    <TableCell title={text} sx={{ ...cut(maxWidth), fontFamily: mono ? 'monospace' : undefined }}>
      {text}
    </TableCell>
  );
}

export function ImportPreviewTable({ trajectories }: { trajectories: PreviewTrajectory[] }) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ tableLayout: 'auto' }} data-testid="import-preview-table">
        <TableHead>
          <TableRow>
            <TableCell>id</TableCell>
            <TableCell align="right">reward</TableCell>
            <TableCell>outcome</TableCell>
            <TableCell align="right">turns</TableCell>
            <TableCell align="right">actions</TableCell>
            <TableCell>task</TableCell>
            <TableCell>group</TableCell>
            <TableCell>first user message</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {trajectories.map((t) => (
            <TableRow key={t.source_id}>
              <CutCell text={t.source_id} maxWidth={220} mono />
              <TableCell align="right" data-testid="import-preview-reward">
                {t.reward ?? '—'}
              </TableCell>
              <TableCell>
                <OutcomeChip success={t.success} />
              </TableCell>
              <TableCell align="right">{t.n_turns}</TableCell>
              <TableCell align="right">{t.n_actions}</TableCell>
              <CutCell text={t.task_id ?? '—'} maxWidth={160} />
              <CutCell text={t.group_id ?? '—'} maxWidth={140} />
              <CutCell text={t.first_user_message ?? ''} maxWidth={260} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
