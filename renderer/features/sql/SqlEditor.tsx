// A plain SQL textarea (Monaco replaces it later); Ctrl/Cmd+Enter runs the query.
import Box from '@mui/material/Box';
import type { ChangeEvent, KeyboardEvent } from 'react';
import { MONO_FONT } from '../../theme/theme';

type Props = { value: string; onChange: (sql: string) => void; onRun: () => void };

export function SqlEditor({ value, onChange, onRun }: Props) {
  return (
    <Box
      component="textarea"
      data-testid="sql-input"
      aria-label="SQL query"
      spellCheck={false}
      value={value}
      onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value)}
      onKeyDown={(event: KeyboardEvent<HTMLTextAreaElement>) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          onRun();
        }
      }}
      sx={{
        display: 'block',
        width: '100%',
        boxSizing: 'border-box',
        minHeight: 160,
        resize: 'vertical',
        p: 1.5,
        fontFamily: MONO_FONT,
        fontSize: 13,
        lineHeight: 1.5,
        color: 'text.primary',
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        outline: 'none',
        tabSize: 2,
        '&:focus': {
          borderColor: 'primary.main',
          boxShadow: (t) => `0 0 0 1px ${t.palette.primary.main}`,
        },
      }}
    />
  );
}
