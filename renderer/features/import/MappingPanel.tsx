// The "Custom mapping" part of the import dialog: saved mappings, the spec editor, and a live
// preview of the chosen files read through the spec as it is typed.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ImportPreview } from './ImportPreview';
import { MappingEditor } from './MappingEditor';
import { MappingLibrary } from './MappingLibrary';
import type { MappingDraft } from './useMappingDraft';
import { useMappingPreview } from './useMappingPreview';

type Props = { draft: MappingDraft; paths: string[] };

export function MappingPanel({ draft, paths }: Props) {
  const live = useMappingPreview(paths, draft.parsed.ok ? draft.parsed.spec : null);
  return (
    <Box data-testid="mapping-panel" sx={{ mt: 2 }}>
      <Typography variant="subtitle2">Custom mapping</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Dot paths into each record: where its messages are, and within a message its role and
        content; <code>roles</code> translates source roles to user, assistant, system, tool or
        environment.
      </Typography>
      <MappingLibrary draft={draft} />
      <MappingEditor draft={draft} />
      {paths.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          Add files above to preview them through this mapping.
        </Typography>
      )}
      <Box sx={{ height: 4, mt: 1 }}>{live.loading && <LinearProgress />}</Box>
      {live.error !== null && !live.loading && (
        <ErrorAlert error={live.error} title="Preview through this mapping failed" />
      )}
      {live.preview !== null && (
        <Box sx={{ opacity: live.loading ? 0.6 : 1 }}>
          <ImportPreview preview={live.preview} />
        </Box>
      )}
    </Box>
  );
}
