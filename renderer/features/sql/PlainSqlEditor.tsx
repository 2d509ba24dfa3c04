// The SQL text as a plain textarea, until the user first focuses it: Monaco is a multi-megabyte
// chunk whose evaluation blocks the page for seconds on a slow machine, so loading it when the
// page opens made a Run click in that time wait, unanswered (issue 18 item 12).
import { MONO_FONT } from '../../theme/theme';

type Props = {
  value: string;
  onChange: (sql: string) => void;
  onRun: () => void;
  /** The user wants to edit: load the full editor. */
  onEdit: () => void;
  height: number;
};

export function PlainSqlEditor({ value, onChange, onRun, onEdit, height }: Props) {
  return (
    <textarea
      aria-label="SQL query"
      data-testid="sql-plain"
      value={value}
      spellCheck={false}
      onFocus={onEdit}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          onRun();
        }
      }}
      style={{
        display: 'block',
        boxSizing: 'border-box',
        width: '100%',
        height,
        margin: 0,
        padding: '4px 8px',
        border: 0,
        outline: 'none',
        resize: 'none',
        fontFamily: MONO_FONT,
        fontSize: 14,
        lineHeight: '19px',
        background: 'transparent',
        color: 'inherit',
      }}
    />
  );
}
