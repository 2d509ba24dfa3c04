// A trajectory's metadata JSON, collapsed by default and shown as indented text.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useState } from 'react';
import { MONO_FONT } from '../../theme/theme';
import { prettyJson } from '../../transcript/json-text';

export function MetadataBlock({ metadata }: { metadata: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ mt: 1 }}>
      <Button
        onClick={() => setOpen((o) => !o)}
        startIcon={open ? <ExpandMore /> : <ChevronRight />}
        aria-expanded={open}
        sx={{ textTransform: 'none', px: 0.5 }}
      >
        Metadata
      </Button>
      {open && (
        <Box
          component="pre"
          data-testid="trajectory-metadata"
          sx={{
            m: 0,
            mt: 0.5,
            p: 1,
            bgcolor: 'action.hover',
            borderRadius: 1,
            fontFamily: MONO_FONT,
            fontSize: 12,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            maxHeight: 400,
            overflow: 'auto',
          }}
        >
          {prettyJson(metadata).text}
        </Box>
      )}
    </Box>
  );
}
