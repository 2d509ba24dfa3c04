// Keep or roll back: put the selected version in use, or go back to the version in use before.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useState } from 'react';
import type { ActiveJudgePrompt } from '../../../../shared/api-judge';
import type { ApiError } from '../../../../shared/result';
import { useApiWrite } from '../../../api/useApiWrite';
import { ErrorAlert } from '../../../components/ErrorAlert';

type Props = {
  versionId: string;
  active: ActiveJudgePrompt | undefined;
};

export function PromptVersionActions({ versionId, active }: Props) {
  const write = useApiWrite();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const inUse = active?.version_id === versionId;
  const previous = active?.previous_version ?? null;

  const use = async (target: string) => {
    setBusy(true);
    setError(null);
    const result = await write('setActiveJudgePrompt', { version_id: target });
    setBusy(false);
    // The judge launcher and the run panel show the version in use too: the write refreshes it.
    if (!result.ok) setError(result.error);
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        {inUse ? (
          <Chip label="In use" color="success" size="small" data-testid="prompt-in-use" />
        ) : (
          <Button
            variant="outlined"
            size="small"
            disabled={busy || active === undefined}
            onClick={() => void use(versionId)}
            data-testid="prompt-use"
          >
            Use this version
          </Button>
        )}
        {inUse && previous !== null && (
          <Button
            size="small"
            color="warning"
            disabled={busy}
            onClick={() => void use(previous)}
            data-testid="prompt-rollback"
          >
            Roll back to {previous}
          </Button>
        )}
      </Box>
      {error !== null && (
        <Box sx={{ mt: 1 }}>
          <ErrorAlert error={error} title="Could not change the version in use" />
        </Box>
      )}
    </Box>
  );
}
