// The filter fields every rollout filter starts with: id search, full-text search over turns,
// outcome and turn errors. The explorer adds ranges and saved filters; the Compare page uses
// these alone. Generic over the filter type, so a filter without datasets stays one.
import ManageSearch from '@mui/icons-material/ManageSearch';
import type { TrajectoryFilter } from '../../../shared/trajectory-filter';
import { CommitSearchField } from './CommitSearchField';
import { OutcomeToggle } from './OutcomeToggle';
import { TurnErrorSelect } from './TurnErrorSelect';

type FilterFields = Pick<TrajectoryFilter, 'search' | 'text' | 'outcome' | 'turn_error'>;

type Props<F extends FilterFields> = {
  filter: F;
  /** Typed text replaces the current history entry; clicks add one. */
  onChange: (filter: F, options?: { replace?: boolean }) => void;
  /** Prefixes the test ids of the two search fields (`<prefix>-search`, `-text-search`). */
  testIdPrefix: string;
};

export function BasicFilterFields<F extends FilterFields>({
  filter,
  onChange,
  testIdPrefix,
}: Props<F>) {
  return (
    <>
      <CommitSearchField
        value={filter.search ?? ''}
        onCommit={(search) =>
          onChange({ ...filter, search: search === '' ? undefined : search }, { replace: true })
        }
        placeholder="Trajectory, task or group id"
        label="Search trajectory, task or group ids"
        testId={`${testIdPrefix}-search`}
        width={240}
      />
      <CommitSearchField
        value={filter.text ?? ''}
        onCommit={(text) =>
          onChange({ ...filter, text: text === '' ? undefined : text }, { replace: true })
        }
        placeholder="Text in any turn"
        label="Search the text of every turn"
        testId={`${testIdPrefix}-text-search`}
        delayMs={500}
        width={240}
        icon={<ManageSearch fontSize="small" />}
      />
      <OutcomeToggle
        value={filter.outcome ?? 'any'}
        onChange={(outcome) => onChange({ ...filter, outcome })}
      />
      <TurnErrorSelect
        value={filter.turn_error}
        onChange={(turnError) => onChange({ ...filter, turn_error: turnError })}
      />
    </>
  );
}
