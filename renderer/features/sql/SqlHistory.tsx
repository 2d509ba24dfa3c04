// A "History" button listing recent queries; picking one puts it back in the editor and runs it.
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import History from '@mui/icons-material/History';
import { useState } from 'react';
import { MONO_FONT } from '../../theme/theme';
import type { HistoryEntry } from './useSqlHistory';

type Props = { entries: HistoryEntry[]; onPick: (sql: string) => void; onClear: () => void };

export function SqlHistory({ entries, onPick, onClear }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        startIcon={<History />}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={entries.length === 0}
        data-testid="sql-history"
      >
        History ({entries.length})
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {entries.map((entry) => (
          <MenuItem
            key={`${entry.at}:${entry.sql}`}
            data-testid="sql-history-entry"
            onClick={() => {
              close();
              onPick(entry.sql);
            }}
            sx={{ maxWidth: 640 }}
          >
            <ListItemText
              primary={entry.sql.replace(/\s+/g, ' ').slice(0, 120)}
              secondary={`${new Date(entry.at).toLocaleString()}${entry.ok ? '' : ' · failed'}`}
              slotProps={{
                primary: { noWrap: true, sx: { fontFamily: MONO_FONT, fontSize: 12 } },
              }}
            />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            onClear();
          }}
        >
          Clear history
        </MenuItem>
      </Menu>
    </>
  );
}
