// A search box that commits its text after a pause in typing (or on Enter), and follows the
// committed value when it changes from outside (a removed filter chip, a saved filter).
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Search from '@mui/icons-material/Search';
import { useEffect, useState, type ReactNode } from 'react';

type Props = {
  value: string;
  onCommit: (text: string) => void;
  placeholder: string;
  label: string;
  testId: string;
  delayMs?: number;
  width?: number;
  icon?: ReactNode;
};

export function CommitSearchField({
  value,
  onCommit,
  placeholder,
  label,
  testId,
  delayMs = 300,
  width = 260,
  icon = <Search fontSize="small" />,
}: Props) {
  const [draft, setDraft] = useState(value);
  const [followed, setFollowed] = useState(value);
  if (value !== followed) {
    // Adjusting state while rendering: the committed value changed elsewhere.
    setFollowed(value);
    setDraft(value);
  }
  useEffect(() => {
    if (draft.trim() === value.trim()) return undefined;
    const timer = setTimeout(() => onCommit(draft.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [draft, value, onCommit, delayMs]);
  return (
    <TextField
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onCommit(draft.trim());
      }}
      placeholder={placeholder}
      size="small"
      sx={{ width }}
      slotProps={{
        htmlInput: { maxLength: 200, 'data-testid': testId, 'aria-label': label },
        input: { startAdornment: <InputAdornment position="start">{icon}</InputAdornment> },
      }}
    />
  );
}
