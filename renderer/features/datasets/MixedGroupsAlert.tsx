// Warns when groups of the dataset mix different prompts (several files numbering their
// samples alike, or a grouping that joins unrelated tasks): their outcome advantages compare
// unrelated rollouts, so the page offers to regroup.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useApi } from '../../api/useApi';
import { formatCount } from '../../components/format';

export function MixedGroupsAlert({
  datasetId,
  onRegroup,
}: {
  datasetId: string;
  onRegroup: () => void;
}) {
  const check = useApi('checkGroups', { dataset_id: datasetId });
  const value = check.data;
  if (value === undefined || value.mixed_prompt_groups === 0) return null;
  const example = value.examples[0];
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      data-testid="mixed-groups"
      action={
        <Button color="inherit" size="small" onClick={onRegroup}>
          Regroup
        </Button>
      }
    >
      {formatCount(value.mixed_prompt_groups)} of {formatCount(value.groups)} groups hold rollouts
      with different prompts
      {example === undefined
        ? ''
        : ` (e.g. ${example.group_id}: ${example.prompts} prompts in ${example.trajectories} rollouts)`}
      . Outcome advantages and turn trees compare rollouts within a group, so regroup until each
      group shares one prompt.
    </Alert>
  );
}
