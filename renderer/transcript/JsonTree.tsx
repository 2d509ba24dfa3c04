// A JSON value as a collapsible tree (react-json-view-lite: keyboard-accessible, text only).
// Objects open two levels deep; long lists start closed so a huge payload costs one row.
import { JsonView, type Props } from 'react-json-view-lite';
import { jsonTreeClasses } from './json-tree-styles';

const c = jsonTreeClasses;

const STYLE: Required<Props>['style'] = {
  container: c.container,
  basicChildStyle: c.row,
  label: c.key,
  clickableLabel: `${c.key} ${c.clickable}`,
  nullValue: c.null,
  undefinedValue: c.null,
  numberValue: c.number,
  stringValue: c.string,
  booleanValue: c.boolean,
  otherValue: c.other,
  punctuation: c.punctuation,
  expandIcon: c.expand,
  collapseIcon: c.collapse,
  collapsedContent: c.collapsed,
  childFieldsContainer: c.children,
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
