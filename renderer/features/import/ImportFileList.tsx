// Every file of an import preview: the format that reads it and its record count, or why it is
// left out (not trajectories, not of the chosen format) or stops the import.
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { PreviewFile } from '../../../shared/api-import';

/** Paths shown relative to the folder all of them are in. */
function commonPrefix(paths: string[]): string {
  if (paths.length < 2) return '';
  let prefix = paths[0] ?? '';
  for (const p of paths) while (!p.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix.slice(0, Math.max(prefix.lastIndexOf('/'), prefix.lastIndexOf('\\')) + 1);
}

function StatusChip({ file }: { file: PreviewFile }) {
  if (file.status === 'import') return <Chip size="small" color="primary" label={file.format} />;
  if (file.status === 'error') return <Chip size="small" color="error" label="cannot read" />;
  if (file.status === 'companion')
    return <Chip size="small" variant="outlined" label="companion" />;
  return <Chip size="small" variant="outlined" label="skipped" />;
}

function note(file: PreviewFile): string {
  const parts = file.reason === null ? [] : [file.reason];
  if (file.bad_records > 0) parts.push(`${file.bad_records} bad records`);
  if (file.dropped > 0) parts.push(`${file.dropped} notes of content left out`);
  if (file.status === 'import' && file.records === null) parts.push('not counted (large)');
  return parts.join('; ');
}

export function ImportFileList({ files, total }: { files: PreviewFile[]; total: number }) {
  const prefix = commonPrefix(files.map((file) => file.path));
  return (
    <Table size="small" data-testid="import-files" sx={{ mb: 1 }}>
      <TableHead>
        <TableRow>
          <TableCell>file</TableCell>
          <TableCell align="right">size</TableCell>
          <TableCell>format</TableCell>
          <TableCell align="right">records</TableCell>
          <TableCell>note</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {files.map((file) => (
          <TableRow key={file.path} data-testid="import-file" data-status={file.status}>
            <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {file.path.slice(prefix.length)}
            </TableCell>
            <TableCell align="right">{(file.bytes / 1e3).toFixed(1)} kB</TableCell>
            <TableCell>
              <StatusChip file={file} />
            </TableCell>
            <TableCell align="right">{file.records ?? '—'}</TableCell>
            <TableCell>{note(file)}</TableCell>
          </TableRow>
        ))}
        {total > files.length && (
          <TableRow>
            <TableCell colSpan={5}>… and {total - files.length} more files</TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
