// What a reader accepts: for the chosen format its layouts, each with the harness versions or
// files it was checked against; for auto-detect, every format's, behind a toggle.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { FormatInfo } from '../../../shared/model';

type Props = { formats: FormatInfo[]; selected: string };

function Layouts({ info }: { info: FormatInfo }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {info.layouts.map(({ layout, checked }) => (
        <Typography component="li" variant="body2" key={layout}>
          {layout}{' '}
          <Typography component="span" variant="caption" color="text.secondary">
            (checked: {checked})
          </Typography>
        </Typography>
      ))}
    </Box>
  );
}

export function FormatLayouts({ formats, selected }: Props) {
  const [open, setOpen] = useState(false);
  const chosen = formats.find((info) => info.name === selected);
  if (chosen !== undefined) {
    return (
      <Box sx={{ mt: 1.5 }} data-testid="format-layouts">
        <Typography variant="body2" color="text.secondary">
          {chosen.description}. Reads:
        </Typography>
        <Layouts info={chosen} />
      </Box>
    );
  }
  if (selected !== 'auto' || formats.length === 0) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Button size="small" onClick={() => setOpen((was) => !was)} aria-expanded={open}>
        {open ? 'Hide' : 'Show'} the {formats.length} formats auto-detect reads
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box sx={{ maxHeight: 280, overflow: 'auto', pl: 1 }} data-testid="format-layouts">
          {formats.map((info) => (
            <Box key={info.name} sx={{ mt: 1 }}>
              <Typography variant="subtitle2">{info.name}</Typography>
              <Layouts info={info} />
            </Box>
          ))}
        </Box>
      </Collapse>
    </Box>
  );
}
