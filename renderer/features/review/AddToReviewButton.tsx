// "Add to review" on the trajectory view: puts the trajectory, or one of its steps, into the
// review queue by hand (rule 'manual'), as the current annotator.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { useApiWrite } from '../../api/useApiWrite';
import { AppLink } from '../../components/AppLink';
import { useAnnotator } from '../../hooks/useAnnotator';
import { hrefFor } from '../../routing/routes';
import { AddToReviewMenu } from './AddToReviewMenu';
import { stepName } from '../../components/step-names';

type Props = {
  trajectoryId: string;
  turn?: number | undefined;
  /** The dataset's segmentation; the step indices refer to it. */
  segmentation: string;
};

export function AddToReviewButton({ trajectoryId, turn, segmentation }: Props) {
  const write = useApiWrite();
  const [by] = useAnnotator();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const add = (segmentIndex: number | undefined) => {
    setAnchor(null);
    void write('addReviewItem', {
      trajectory_id: trajectoryId,
      segmentation,
      ...(segmentIndex === undefined ? {} : { segment_index: segmentIndex }),
      by,
    }).then((result) => {
      setOutcome(
        result.ok
          ? {
              ok: true,
              text: `Added ${segmentIndex === undefined ? 'the trajectory' : stepName(segmentIndex)} to the review queue (${result.value.status}).`,
            }
          : { ok: false, text: `Could not add it to the queue: ${result.error.message}` },
      );
    });
  };

  return (
    <>
      <Button
        variant="outlined"
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="add-to-review"
        title="Put this trajectory, or one of its steps, into the review queue"
      >
        Add to review
      </Button>
      {anchor !== null && (
        <AddToReviewMenu
          trajectoryId={trajectoryId}
          segmentation={segmentation}
          turn={turn}
          anchor={anchor}
          onClose={() => setAnchor(null)}
          onPick={add}
        />
      )}
      <Snackbar
        open={outcome !== null}
        autoHideDuration={6000}
        onClose={() => setOutcome(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <Alert
          severity={outcome?.ok === true ? 'success' : 'error'}
          onClose={() => setOutcome(null)}
          data-testid="add-to-review-status"
        >
          {outcome?.text}{' '}
          {outcome?.ok === true && (
            <AppLink href={hrefFor({ name: 'review' })}>Open review</AppLink>
          )}
        </Alert>
      </Snackbar>
    </>
  );
}
