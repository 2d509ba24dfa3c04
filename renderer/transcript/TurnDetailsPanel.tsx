// One turn's details, fetched when opened: the call's facts as a key/value grid, the scorers'
// verdicts, sandbox events, inline images (data: URLs only) and the rest of the metadata as text.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { TurnDetails } from '../../shared/api-trajectory';
import { useApi } from '../api/useApi';
import { MONO_FONT } from '../theme/theme';
import { detailRows, hasAnyDetail } from './turn-detail-rows';
import { turnCardClasses } from './turn-card-styles';

const grid = {
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: 1.5,
  rowGap: 0.25,
  fontSize: 12,
  '& dt': { color: 'text.secondary' },
  '& dd': { m: 0, fontFamily: MONO_FONT, whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
} as const;

const isInlineImage = (url: string) => url.startsWith('data:image/');

function Sandbox({ details }: { details: TurnDetails }) {
  const more = details.sandbox_events_total - details.sandbox_events.length;
  return (
    <>
      <dt>Sandbox</dt>
      <dd data-testid="turn-details-sandbox">
        {details.sandbox_events.map((event, i) => (
          <div key={i}>
            {event.action} {event.target}
            {event.result !== null && ` → ${event.result}`}
          </div>
        ))}
        {more > 0 && <div>… {more} more</div>}
      </dd>
    </>
  );
}

export function TurnDetailsPanel({
  trajectoryId,
  turnIndex,
}: {
  trajectoryId: string;
  turnIndex: number;
}) {
  const result = useApi('getTurnDetails', { trajectory_id: trajectoryId, turn_index: turnIndex });
  if (result.error !== undefined) {
    return (
      <Alert severity="error" sx={{ mt: 0.5 }}>
        Could not load the turn's details ({result.error.code}): {result.error.message}
      </Alert>
    );
  }
  const details = result.data;
  if (details === undefined) return <Skeleton variant="rounded" height={40} />;
  if (!hasAnyDetail(details)) {
    return (
      <span className={turnCardClasses.empty}>
        The format recorded nothing more about this turn.
      </span>
    );
  }
  return (
    <Box
      data-testid="turn-details"
      sx={{ mt: 0.5, p: 1, bgcolor: 'action.hover', borderRadius: 1 }}
    >
      <Box component="dl" sx={{ ...grid, m: 0 }}>
        {detailRows(details).map((row) => (
          <Box key={row.key} sx={{ display: 'contents' }} data-testid={`turn-detail-${row.key}`}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </Box>
        ))}
        {details.scores.map((score) => (
          <Box key={score.scorer} sx={{ display: 'contents' }} data-testid="turn-detail-score">
            <dt>Score ({score.scorer})</dt>
            <dd>
              {score.value}
              {score.explanation !== null && ` — ${score.explanation}`}
            </dd>
          </Box>
        ))}
        {details.sandbox_events.length > 0 && <Sandbox details={details} />}
      </Box>
      {details.images.filter(isInlineImage).map((url, i) => (
        // Only data: URLs are shown (the engine drops others too): nothing is fetched remotely.
        <Box
          key={i}
          component="img"
          src={url}
          alt={`Image ${i + 1} carried in the turn`}
          data-testid="turn-details-image"
          sx={{ display: 'block', mt: 0.5, maxWidth: '100%', maxHeight: 320 }}
        />
      ))}
      {details.other !== null && <div className={turnCardClasses.meta}>Other metadata</div>}
      {details.other !== null && (
        <Box
          component="pre"
          data-testid="turn-details-other"
          sx={{
            m: 0,
            mt: 0.5,
            fontFamily: MONO_FONT,
            fontSize: 11,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            maxHeight: 240,
            overflow: 'auto',
          }}
        >
          {details.other}
        </Box>
      )}
    </Box>
  );
}
