// Edits a prompt version's text in Monaco and saves it as a new version whose parent is the one
// being edited (versions are immutable). Saving a text that a version of that name already has
// selects that version instead of making a copy.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { JudgePrompt } from '../../../../shared/api-judge';
import type { ApiError } from '../../../../shared/result';
import { useApiWrite } from '../../../api/useApiWrite';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { TextEditor } from '../../../components/monaco/TextEditor';

type Props = {
  prompt: JudgePrompt;
  /** Versions that exist now, to tell a new version from an existing one with the same text. */
  known: ReadonlySet<string>;
  onSaved: (prompt: JudgePrompt, isNew: boolean) => void;
};

export function PromptEditorPanel({ prompt, known, onSaved }: Props) {
  const write = useApiWrite();
  const [draft, setDraft] = useState(prompt.text);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [sameAs, setSameAs] = useState<string | null>(null);
  const changed = draft !== prompt.text && draft.trim() !== '';

  const save = async () => {
    setSaving(true);
    setError(null);
    setSameAs(null);
    const result = await write('createJudgePrompt', {
      parent_version: prompt.version_id,
      text: draft,
    });
    setSaving(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    const isNew = !known.has(result.value.version_id);
    if (!isNew) setSameAs(result.value.version_id);
    onSaved(result.value, isNew);
  };

  return (
    <Box>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
        <TextEditor
          value={draft}
          onChange={setDraft}
          height={420}
          ariaLabel={`Text of prompt ${prompt.version_id}`}
          testId="prompt-editor"
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={!changed || saving}
          data-testid="prompt-save"
        >
          Save as new version
        </Button>
        <Button onClick={() => setDraft(prompt.text)} disabled={draft === prompt.text || saving}>
          Discard changes
        </Button>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {changed
            ? `Edited: saving makes a new version with parent ${prompt.version_id}.`
            : 'Versions are immutable: an edit is saved as a new version.'}
        </Typography>
      </Box>
      {sameAs !== null && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {sameAs} already has this text; it is selected.
        </Alert>
      )}
      {error !== null && (
        <Box sx={{ mt: 1 }}>
          <ErrorAlert error={error} title="Could not save the version" />
        </Box>
      )}
    </Box>
  );
}
