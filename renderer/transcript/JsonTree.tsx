// A JSON value as a collapsible tree (react-json-view-lite: keyboard-accessible, text only).
// Objects open two levels deep; long lists start closed so a huge payload costs one row.
import { JsonView, type Props } from 'react-json-view-lite';

const STYLE: Required<Props>['style'] = {
  container: 'tw-json',
  basicChildStyle: 'tw-json-row',
  label: 'tw-json-key',
  clickableLabel: 'tw-json-key tw-json-clickable',
  nullValue: 'tw-json-null',
  undefinedValue: 'tw-json-null',
  numberValue: 'tw-json-number',
  stringValue: 'tw-json-string',
  booleanValue: 'tw-json-boolean',
  otherValue: 'tw-json-other',
  punctuation: 'tw-json-punct',
  expandIcon: 'tw-json-expand',
  collapseIcon: 'tw-json-collapse',
  collapsedContent: 'tw-json-collapsed',
  childFieldsContainer: 'tw-json-children',
  noQuotesForStringValues: false,
  quotesForFieldNames: false,
  ariaLables: { collapseJson: 'Collapse', expandJson: 'Expand' },
  stringifyStringValues: false,
};

/** Lists longer than this start collapsed. */
const OPEN_LIST_MAX = 20;

function expandNode(level: number, value: unknown): boolean {
  if (Array.isArray(value) && value.length > OPEN_LIST_MAX) return level === 0;
  return level < 2;
}

export function JsonTree({ value }: { value: object }) {
  return (
    <div data-testid="json-tree">
      <JsonView data={value} style={STYLE} shouldExpandNode={expandNode} clickToExpandNode />
    </div>
  );
}
