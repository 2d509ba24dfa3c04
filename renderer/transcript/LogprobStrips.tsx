// A turn's token log-probs as three heat strips (policy, reference, policy - reference), fetched
// when opened, above the tokens' text coloured by policy log-prob when the dataset's tokenizer.json
// decodes them. The readout names the token under the pointer: position, text, id and values.
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useCallback, useMemo, useState } from 'react';
import { useApi } from '../api/useApi';
import { formatCount } from '../components/format';
import { HeatStripCanvas } from './HeatStripCanvas';
import { TokenizerField } from './TokenizerField';
import { TokenTextCells } from './TokenTextCells';
import { tokenLabel } from './token-cells';
import {
  differenceColor,
  differences,
  differenceSpan,
  logprobColor,
  logprobFloor,
  type Bucket,
} from './heat-scale';
import { logprobStripsClasses } from './logprob-strips-styles';
import { turnCardClasses } from './turn-card-styles';

/** At most this many cells per strip, whatever the width: more tokens are aggregated. */
const MAX_CELLS = 2000;

const num = (v: number | null | undefined) =>
  v === null || v === undefined ? 'n/a' : v.toFixed(3);

type Data = {
  token_ids: number[];
  policy: (number | null)[];
  ref: (number | null)[];
  tokens?: (string | null)[] | null;
};

/** What the pointer is over: one token's id and values, or a bucket's range and means. */
export function describeBucket(bucket: Bucket, data: Data): string {
  const diff = differences(data.policy, data.ref);
  if (bucket.end - bucket.start === 1) {
    const i = bucket.start;
    const text = data.tokens?.[i];
    const quoted = text === undefined ? '' : ` · "${tokenLabel(text, data.token_ids[i])}"`;
    return `token ${i}${quoted} · id ${data.token_ids[i] ?? 'n/a'} · policy ${num(data.policy[i])} · reference ${num(data.ref[i])} · policy − reference ${num(diff[i])}`;
  }
  const mean = (values: (number | null)[]) => {
    const seen = values.slice(bucket.start, bucket.end).filter((v): v is number => v !== null);
    return seen.length === 0 ? null : seen.reduce((a, b) => a + b, 0) / seen.length;
  };
  const ids = data.token_ids.slice(bucket.start, Math.min(bucket.end, bucket.start + 4));
  return `tokens ${bucket.start}–${bucket.end - 1} (ids ${ids.join(', ')}${bucket.end - bucket.start > 4 ? ', …' : ''}) · mean policy ${num(mean(data.policy))} · mean reference ${num(mean(data.ref))} · mean policy − reference ${num(mean(diff))}`;
}

export function LogprobStrips({
  trajectoryId,
  turnIndex,
}: {
  trajectoryId: string;
  turnIndex: number;
}) {
  const result = useApi('getTurnLogprobs', { trajectory_id: trajectoryId, turn_index: turnIndex });
  const [hover, setHover] = useState<Bucket | null>(null);
  const data = useMemo<Data | null>(
    () =>
      result.data === undefined
        ? null
        : {
            token_ids: result.data.token_ids,
            policy: result.data.logp_policy,
            ref: result.data.logp_ref,
            tokens: result.data.tokens,
          },
    [result.data],
  );
  const scales = useMemo(() => {
    if (data === null) return null;
    const diff = differences(data.policy, data.ref);
    const floor = logprobFloor(data.policy, data.ref);
    const span = differenceSpan(diff);
    return {
      diff,
      floor,
      span,
      logprob: (v: number | null) => logprobColor(v, floor),
      difference: (v: number | null) => differenceColor(v, span),
    };
  }, [data]);
  const onHover = useCallback((bucket: Bucket | null) => setHover(bucket), []);

  if (result.error !== undefined) {
    return (
      <Alert severity="error" sx={{ mt: 0.5 }}>
        Could not load the log-probs ({result.error.code}): {result.error.message}
      </Alert>
    );
  }
  if (data === null || scales === null) return <Skeleton variant="rounded" height={56} />;
  if (data.token_ids.length === 0) {
    return (
      <span className={turnCardClasses.empty}>No token log-probs are stored for this turn.</span>
    );
  }
  const aggregated = data.token_ids.length > MAX_CELLS;
  const info = result.data;
  const tokens = data.tokens ?? null;
  return (
    <div className={logprobStripsClasses.strips} data-testid="logprob-strips">
      {info !== undefined && (
        <TokenizerField
          key={info.tokenizer_path ?? ''}
          datasetId={info.dataset_id}
          tokenizerPath={info.tokenizer_path}
          tokenizerError={info.tokenizer_error}
          hasText={tokens !== null}
        />
      )}
      {tokens !== null && (
        <TokenTextCells
          tokens={tokens}
          ids={data.token_ids}
          values={data.policy}
          color={scales.logprob}
          onHover={onHover}
        />
      )}
      {tokens !== null && tokens.length < data.token_ids.length && (
        <span className={turnCardClasses.meta}>
          the first {formatCount(tokens.length)} tokens as text; the strips show all
        </span>
      )}
      <HeatStripCanvas
        label="policy"
        values={data.policy}
        color={scales.logprob}
        maxCells={MAX_CELLS}
        onHover={onHover}
        testId="strip-policy"
      />
      <HeatStripCanvas
        label="reference"
        values={data.ref}
        color={scales.logprob}
        maxCells={MAX_CELLS}
        onHover={onHover}
        testId="strip-reference"
      />
      <HeatStripCanvas
        label="policy − ref"
        values={scales.diff}
        color={scales.difference}
        maxCells={MAX_CELLS}
        onHover={onHover}
        testId="strip-difference"
      />
      <div
        className={`${turnCardClasses.meta} ${logprobStripsClasses.readout}`}
        data-testid="strip-readout"
        aria-live="polite"
      >
        {hover !== null
          ? describeBucket(hover, data)
          : `${formatCount(data.token_ids.length)} tokens${aggregated ? ' (aggregated per pixel)' : ''} · log-prob scale 0 (pale) to ${scales.floor.toFixed(2)} (dark) · difference ±${scales.span.toFixed(2)} (red: policy lower, blue: higher) · hover for values`}
      </div>
    </div>
  );
}
