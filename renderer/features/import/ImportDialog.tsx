// Import rollouts: pick or drop files (or type paths), see the detected format and the first
// trajectories, choose options, then follow the import's progress (cancellable).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import type { ApiOutput } from '../../../shared/api';
import type { FormatOptions } from '../../../shared/model';
import type { ApiError } from '../../../shared/result';
import { jobResult } from '../../../shared/job-result';
import { useApiClient } from '../../api/ApiContext';
import { pathForDroppedFile } from '../../api/dropped-files';
import { useApi } from '../../api/useApi';
import { AppLink } from '../../components/AppLink';
import { ErrorAlert } from '../../components/ErrorAlert';
import { dialogError } from './import-error';
import { FieldOptions } from './FieldOptions';
import { FormatLayouts } from './FormatLayouts';
import { ImportPreview } from './ImportPreview';
import { ImportProgress } from './ImportProgress';
import { MappingPanel } from './MappingPanel';
import { useImportJob } from './useImportJob';
import { useMappingDraft } from './useMappingDraft';

type Props = { open: boolean; initialPaths: string[]; onClose: () => void; onImported: () => void };

/** Mount it with a fresh `key` for each opening, so its form starts from initialPaths. */
export function ImportDialog({ open, initialPaths, onClose, onImported }: Props) {
  const client = useApiClient();
  const formats = useApi('listFormats', {});
  const [paths, setPaths] = useState(initialPaths.join('\n'));
  const [format, setFormat] = useState('auto');
  const [dataset, setDataset] = useState('');
  const [skipBad, setSkipBad] = useState(false);
  const [attach, setAttach] = useState(false);
  const [keepSecrets, setKeepSecrets] = useState(false);
  const [fieldOptions, setFieldOptions] = useState<FormatOptions>({});
  const [preview, setPreview] = useState<ApiOutput<'previewImport'> | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const importJob = useImportJob();
  const { job } = importJob;
  const mappingDraft = useMappingDraft();

  const pathList = paths
    .split('\n')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const custom = format === 'mapping';
  // Attaching reads Parquet in place; folders (no extension) may hold Parquet files.
  const attachable =
    !custom &&
    pathList.length > 0 &&
    pathList.every((p) => /\.parquet$/i.test(p) || !/\.[^\\/]+$/.test(p));
  const attaching = attach && attachable;
  const mapping = custom && mappingDraft.parsed.ok ? mappingDraft.parsed.spec : undefined;
  const request = {
    paths: pathList,
    format,
    format_options: fieldOptions,
    ...(mapping !== undefined ? { mapping } : {}),
  };
  const ready = pathList.length > 0 && (!custom || mapping !== undefined);

  // A failed or cancelled import leaves the form editable: changing it clears the failure.
  const finished = job !== null && job.status !== 'running';
  const editable = job === null || (finished && job.status !== 'succeeded');
  const changed = () => {
    setPreview(null);
    if (job !== null && editable) importJob.reset();
  };

  const addFiles = async (files: File[]) => {
    for (const file of files) {
      const result = await pathForDroppedFile(file);
      if (result.ok)
        setPaths((current) =>
          current.trim() === '' ? result.value : `${current.trim()}\n${result.value}`,
        );
      else setError(result.error);
    }
    changed();
  };

  useEffect(() => {
    if (job?.status === 'succeeded') onImported();
  }, [job?.status, onImported]);

  const showPreview = async () => {
    setError(null);
    changed();
    const result = await client.call('previewImport', {
      ...request,
      on_error: skipBad ? 'skip' : 'abort',
    });
    if (result.ok) setPreview(result.value);
    else setError(result.error);
  };
  const startImport = () =>
    void importJob.start({
      ...request,
      on_error: skipBad ? 'skip' : 'abort',
      attach: attaching,
      keep_secrets: keepSecrets && !attaching,
      ...(dataset.trim() !== '' ? { dataset: dataset.trim() } : {}),
    });
  const close = () => {
    if (job?.status === 'running') return;
    importJob.reset();
    setPreview(null);
    setError(null);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="lg" fullWidth>
      <DialogTitle>Import rollouts</DialogTitle>
      <DialogContent>
        <Box
          data-testid="import-drop-zone"
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            event.preventDefault();
            if (editable) void addFiles([...event.dataTransfer.files]);
          }}
          sx={{
            border: 1,
            borderStyle: 'dashed',
            borderColor: 'divider',
            borderRadius: 1,
            p: 2,
            mt: 1,
          }}
        >
          <TextField
            label="Files or folders (one path per line), or drop files here"
            value={paths}
            onChange={(event) => {
              setPaths(event.target.value);
              changed();
            }}
            multiline
            minRows={2}
            fullWidth
            disabled={!editable}
            slotProps={{ htmlInput: { 'data-testid': 'import-paths', spellCheck: false } }}
          />
          <Button component="label" size="small" sx={{ mt: 1 }} disabled={!editable}>
            Choose files…
            <input
              hidden
              type="file"
              multiple
              onChange={(event) => void addFiles([...(event.target.files ?? [])])}
            />
          </Button>
        </Box>
        <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 2 }}>
          <TextField
            select
            label="Format"
            value={format}
            onChange={(event) => {
              setFormat(event.target.value);
              changed();
            }}
            sx={{ minWidth: 200 }}
            disabled={!editable}
          >
            <MenuItem value="auto">auto-detect</MenuItem>
            <MenuItem value="mapping">Custom mapping…</MenuItem>
            {(formats.data?.formats ?? [])
              .filter((f) => f.name !== 'mapping')
              .map((f) => (
                <MenuItem key={f.name} value={f.name}>
                  {f.name}
                </MenuItem>
              ))}
          </TextField>
          <TextField
            label="Dataset name (optional)"
            value={dataset}
            onChange={(event) => {
              setDataset(event.target.value);
              changed();
            }}
            disabled={!editable}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={skipBad}
                onChange={(e) => {
                  setSkipBad(e.target.checked);
                  changed();
                }}
              />
            }
            label="Skip bad records (list them) instead of aborting"
            disabled={!editable}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={attaching}
                onChange={(e) => {
                  setAttach(e.target.checked);
                  changed();
                }}
              />
            }
            label="Attach Parquet by reference (read in place; only an index is stored)"
            disabled={!editable || !attachable}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={keepSecrets && !attaching}
                onChange={(e) => {
                  setKeepSecrets(e.target.checked);
                  changed();
                }}
              />
            }
            label="Keep secrets as they are (API keys, tokens, passwords are redacted by default)"
            disabled={!editable || attaching}
            data-testid="import-keep-secrets"
          />
        </Stack>
        <FormatLayouts formats={formats.data?.formats ?? []} selected={format} />
        {/* A mapping names its own fields; these overrides are for the built-in readers. */}
        {format !== 'mapping' && (
          <FieldOptions
            value={fieldOptions}
            onChange={(next) => {
              setFieldOptions(next);
              changed();
            }}
            disabled={!editable}
          />
        )}
        {custom && editable && <MappingPanel draft={mappingDraft} paths={pathList} />}
        {error !== null && (
          <Box sx={{ mt: 2 }}>
            <ErrorAlert error={dialogError(error)} />
          </Box>
        )}
        {importJob.error !== null && (
          <Box sx={{ mt: 2 }}>
            <ErrorAlert error={dialogError(importJob.error)} title="The import could not start" />
          </Box>
        )}
        {preview !== null && job === null && !custom && <ImportPreview preview={preview} />}
        {job !== null && (
          <Box sx={{ mt: 2 }}>
            <ImportProgress job={job} attached={attaching} onOpenDataset={close} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {job?.status === 'succeeded' && (
          <Button
            component={AppLink}
            href={`#/dataset/${encodeURIComponent(jobResult(job, 'import').dataset)}`}
            onClick={close}
          >
            Open dataset
          </Button>
        )}
        {job?.status === 'running' ? (
          <Button color="warning" onClick={importJob.cancel} data-testid="import-cancel">
            Cancel import
          </Button>
        ) : (
          <Button onClick={close}>Close</Button>
        )}
        {editable && (
          <>
            {!custom && (
              <Button onClick={() => void showPreview()} disabled={pathList.length === 0}>
                Preview
              </Button>
            )}
            <Button
              variant="contained"
              onClick={startImport}
              disabled={!ready}
              data-testid="import-start"
            >
              {attaching ? 'Attach' : finished ? 'Try again' : 'Import'}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
