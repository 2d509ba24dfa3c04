// The band above a segment's first turn: its step number and turns, the role label in force
// (coloured like the labeling panel's chips) and its credit total when computed.
import type { SegmentCredit } from '../../shared/api-credit';
import { RoleLabelSchema } from '../../shared/api-labels';
import { labelSourceKind } from '../../shared/api-labels';
import { roleInfo } from '../components/role-labels';
import { stepName, turnSpanName } from '../components/step-names';
import { labelColourClass, segmentMarkerClasses } from './segment-marker-styles';
import { turnCardClasses } from './turn-card-styles';

const c = segmentMarkerClasses;

function formatCredit(total: number): string {
  return `${total > 0 ? '+' : ''}${total.toFixed(3)}`;
}

export function SegmentMarker({ segment }: { segment: SegmentCredit }) {
  const role = RoleLabelSchema.safeParse(segment.role_label);
  const info = role.success ? roleInfo(role.data) : null;
  const turns = turnSpanName(segment.turn_start, segment.turn_end);
  const source = segment.label_source === null ? null : labelSourceKind(segment.label_source);
  const human = source === 'human' ? ` ${c.human}` : '';
  return (
    <div
      className={c.segment}
      data-testid="segment-marker"
      data-segment={segment.segment_index}
      data-role-label={segment.role_label ?? ''}
    >
      <span className={c.name}>{stepName(segment.segment_index)}</span>
      <span className={turnCardClasses.meta}>{turns}</span>
      {info !== null ? (
        <span
          className={`${turnCardClasses.chip} ${c.label} ${labelColourClass(info.color)}${human}`}
          data-testid="segment-label"
          title={segment.label_source ?? undefined}
        >
          {info.name}
          {source !== null && ` · ${source}`}
        </span>
      ) : (
        <span className={turnCardClasses.meta}>unlabeled</span>
      )}
      {segment.total !== null && (
        <span
          className={`${c.credit} ${segment.total < 0 ? c.negative : c.positive}`}
          data-testid="segment-credit"
          title="Credit total of this step"
        >
          credit {formatCredit(segment.total)}
        </span>
      )}
    </div>
  );
}
