// The workspace's saved mappings: load one into the editor, start over from the template, or save
// the current spec under a name (it can then also be imported as format 'mapping:<name>').
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { API } from '../../../shared/api';
import type { ApiError } from '../../../shared/result';
import { useApi } from '../../api/useApi';
import { useApiWrite } from '../../api/useApiWrite';
import { ErrorAlert } from '../../components/ErrorAlert';
import { MAPPING_TEMPLATE, mappingText } from './mapping-spec';
import type { MappingDraft } from './useMappingDraft';

const NameSchema = API.saveMapping.input.shape.name;

type Status = { saved: string } | { error: ApiError } | null;

export function MappingLibrary({ draft }: { draft: MappingDraft }) {
  const saved = useApi('listMappings', {}, { keepPrevious: true });
  const write = useApiWrite();
  const [selected, setSelected] = useState('');
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const nameCheck = NameSchema.safeParse(name);
  const mappings = saved.data?.mappings ?? [];

  const load = (picked: string) => {
    setSelected(picked);
    setStatus(null);
    const mapping = mappings.find((m) => m.name === picked);
    if (mapping === undefined) return;
    draft.setText(mappingText(mapping.spec));
    setName(mapping.name);
  };
  const save = async () => {
    if (!draft.parsed.ok || !nameCheck.success) return;
    setSaving(true);
    const result = await write('saveMapping', { name, spec: draft.parsed.spec });
    setSaving(false);
    if (!result.ok) {
      setStatus({ error: result.error });
      return;
    }
    setStatus({ saved: result.value.name });
    setSelected(result.value.name);
  };

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          select
          size="small"
          label="Saved mappings"
          value={selected}
          onChange={(event) => load(event.target.value)}
          sx={{ minWidth: 200 }}
          slotProps={{
            // A native select: keyboard-friendly, and end-to-end tests can pick an option directly.
            select: { native: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'mapping-select' },
          }}
          helperText={saved.error !== undefined ? `Unavailable: ${saved.error.message}` : undefined}
        >
          <option value="">{mappings.length === 0 ? '(none saved)' : '(choose one)'}</option>
          {mappings.map((m) => (
            <option key={m.name} value={m.name}>
              {m.name}
            </option>
          ))}
        </TextField>
        <Button
          size="small"
          onClick={() => {
            draft.setText(MAPPING_TEMPLATE);
            setSelected('');
            setStatus(null);
          }}
          data-testid="mapping-template"
        >
          Load template
        </Button>
        <TextField
          size="small"
          label="Save as"
          value={name}
          onChange={(event) => {
            setName(event.target.value.trim());
            setStatus(null);
          }}
          error={name !== '' && !nameCheck.success}
          helperText={
            name !== '' && !nameCheck.success ? nameCheck.error.issues[0]?.message : undefined
          }
          slotProps={{ htmlInput: { 'data-testid': 'mapping-name', spellCheck: false } }}
        />
        <Button
          size="small"
          variant="outlined"
          onClick={() => void save()}
          disabled={saving || !draft.parsed.ok || !nameCheck.success}
          data-testid="mapping-save"
        >
          Save mapping
        </Button>
        {status !== null && 'saved' in status && (
          <Typography variant="body2" sx={{ color: 'success.main', alignSelf: 'center' }}>
            Saved “{status.saved}”
          </Typography>
        )}
      </Stack>
      {status !== null && 'error' in status && (
        <ErrorAlert error={status.error} title="The mapping could not be saved" />
      )}
    </>
  );
}
