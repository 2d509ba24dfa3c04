// Judge prompt versions (docs/judge.md): the versions as a tree by parent links with the one in use
// marked and each one's latest evaluation; the selected version's text in Monaco, saved as a new
// version; a diff between any two versions; and keep (use this version) or roll back.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { formatDateTime } from '../../../components/format';
import { MONO_FONT } from '../../../theme/theme';
import { PromptDiffPanel } from './PromptDiffPanel';
import { PromptEditorPanel } from './PromptEditorPanel';
import { PromptEvalSummary } from './PromptEvalSummary';
import { PromptVersionActions } from './PromptVersionActions';
import { PromptVersionList } from './PromptVersionList';
import { usePromptVersions } from './usePromptVersions';

type View = 'edit' | 'diff';

export function PromptsPage() {
  const versions = usePromptVersions();
  const { prompts, active } = versions;
  const [chosen, setChosen] = useState<string | null>(null);
  const [view, setView] = useState<View>('edit');
  const selectedId = chosen ?? active?.version_id ?? prompts?.[0]?.version_id ?? null;
  const selected = prompts?.find((p) => p.version_id === selectedId);

  const subtitle =
    active === undefined
      ? 'Versioned judge prompts: edit, compare, and keep or roll back on the measured result.'
      : `In use: ${active.version_id}` +
        (active.set_at === null
          ? ' (the built-in default)'
          : ` since ${formatDateTime(active.set_at)}`) +
        '. Judge runs without a named version use it.';

  return (
    <Box>
      <PageHeader overline="Judge" title="Prompt versions" subtitle={subtitle} />
      {versions.error !== undefined && (
        <ErrorAlert error={versions.error} title="Could not load the prompt versions" />
      )}
      {prompts === undefined ? (
        versions.error === undefined && <Skeleton variant="rectangular" height={240} />
      ) : (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Paper variant="outlined" sx={{ width: 340, flexShrink: 0, p: 1 }}>
            <PromptVersionList
              prompts={prompts}
              activeVersion={active?.version_id}
              evals={versions.evals}
              selected={selectedId}
              onSelect={setChosen}
            />
            {versions.evalError !== undefined && (
              <Typography variant="caption" sx={{ color: 'text.secondary', px: 1 }}>
                Evaluations unavailable: {versions.evalError.message}
              </Typography>
            )}
          </Paper>
          {selected !== undefined && (
            <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, p: 2 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
                <Typography
                  variant="h6"
                  component="h2"
                  sx={{ fontFamily: MONO_FONT }}
                  data-testid="prompt-selected"
                >
                  {selected.version_id}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
                  {selected.parent_version === null
                    ? 'no parent'
                    : `parent ${selected.parent_version}`}
                </Typography>
                <PromptVersionActions
                  key={selected.version_id}
                  versionId={selected.version_id}
                  active={active}
                />
              </Box>
              <Box sx={{ mb: 1 }}>
                <PromptEvalSummary evaluation={versions.evals.get(selected.version_id)} />
              </Box>
              <Tabs value={view} onChange={(_event, next: View) => setView(next)} sx={{ mb: 1 }}>
                <Tab value="edit" label="Edit" data-testid="prompt-tab-edit" />
                <Tab value="diff" label="Diff" data-testid="prompt-tab-diff" />
              </Tabs>
              {view === 'edit' ? (
                <PromptEditorPanel
                  key={selected.version_id}
                  prompt={selected}
                  known={new Set(prompts.map((p) => p.version_id))}
                  onSaved={(prompt) => {
                    setChosen(prompt.version_id);
                  }}
                />
              ) : (
                <PromptDiffPanel key={selected.version_id} prompts={prompts} selected={selected} />
              )}
            </Paper>
          )}
        </Box>
      )}
    </Box>
  );
}
