// `#/export?<filter>`: pick a target and a selection, see what will be written, then export with
// progress. The filter comes from the explorer (its "Export" link) and travels in the URL.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { TrajectoryFilter } from '../../../shared/trajectory-filter';
import { PageHeader } from '../../components/PageHeader';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { ExportPreview } from './ExportPreview';
import { ExportRun } from './ExportRun';
import { ExportCurationFields } from './ExportCurationFields';
import { ExportPairingFields } from './ExportPairingFields';
import { ExportSelectionForm } from './ExportSelectionForm';
import { ExportWeightingFields } from './ExportWeightingFields';
import { defaultDraft, draftSelection, type ExportDraft } from './export-draft';
import { PAIR_TARGETS } from './target-options';

export function ExportPage({ filter }: { filter: TrajectoryFilter }) {
  const [draft, setDraft] = useState<ExportDraft>(() => defaultDraft());
  const result = draftSelection(filter, draft);
  const selection = result.ok ? result.input : null;
  const problems = result.ok ? {} : result.problems;
  const change = (patch: Partial<ExportDraft>) => setDraft((old) => ({ ...old, ...patch }));
  // Typing a condition previews once the typing pauses.
  const previewed = useDebouncedValue(selection, 400);
  return (
    <>
      <PageHeader
        title="Export"
        subtitle="Curated training sets in your trainer's format, with a manifest of what went in."
      />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '420px minmax(0, 1fr)' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Paper sx={{ p: 2, display: 'grid', gap: 3 }}>
          <ExportSelectionForm
            filter={filter}
            draft={draft}
            problems={problems}
            onChange={change}
          />
          <ExportCurationFields draft={draft} problems={problems} onChange={change} />
          {PAIR_TARGETS.has(draft.target) && (
            <ExportPairingFields draft={draft} problems={problems} onChange={change} />
          )}
          <ExportWeightingFields draft={draft} problems={problems} onChange={change} />
          <ExportRun selection={selection} />
        </Paper>
        <Paper sx={{ p: 2, minWidth: 0 }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            Preview
          </Typography>
          {previewed === null ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Fix the selection to see a preview.
            </Typography>
          ) : (
            <ExportPreview selection={previewed} />
          )}
        </Paper>
      </Box>
    </>
  );
}
