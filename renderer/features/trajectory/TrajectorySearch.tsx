// Search within the trajectory: the matching turns (content, reasoning, tool calls), "n of m",
// Enter / Shift+Enter or the arrows to move between them.
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Search from '@mui/icons-material/Search';
import type { RefObject } from 'react';
import { formatCount } from '../../components/format';

type Props = {
  query: string;
  onQuery: (query: string) => void;
  /** Matching turn indexes, or undefined while loading / with no query. */
  matches: number[] | undefined;
  truncated: boolean;
  /** The position in matches the view is on, or null. */
  position: number | null;
  onMove: (delta: 1 | -1) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  error: string | null;
};

export function TrajectorySearch(props: Props) {
  const { query, matches, position } = props;
  const status =
    props.error !== null
      ? props.error
      : query.trim() === '' || matches === undefined
        ? ''
        : matches.length === 0
          ? 'no matches'
          : `${position === null ? 0 : position + 1} of ${formatCount(matches.length)}${props.truncated ? '+' : ''}`;
  const none = matches === undefined || matches.length === 0;
  return (
    <>
      <TextField
        size="small"
        placeholder="Search this trajectory ( / )"
        value={query}
        inputRef={props.inputRef}
        onChange={(event) => props.onQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            props.onMove(event.shiftKey ? -1 : 1);
          } else if (event.key === 'Escape') props.onQuery('');
        }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search this trajectory', 'data-testid': 'trajectory-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ flex: '1 1 220px', maxWidth: 360 }}
      />
      <Typography
        variant="caption"
        sx={{ color: 'text.secondary', minWidth: 64 }}
        data-testid="search-status"
      >
        {status}
      </Typography>
      <IconButton
        size="small"
        aria-label="Previous match"
        disabled={none}
        onClick={() => props.onMove(-1)}
      >
        <KeyboardArrowUp fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        aria-label="Next match"
        disabled={none}
        onClick={() => props.onMove(1)}
      >
        <KeyboardArrowDown fontSize="small" />
      </IconButton>
    </>
  );
}
