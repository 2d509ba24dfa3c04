// Opens the API-key dialog. Only the desktop app has a keychain; in browser mode keys come from
// the environment of `turnwise serve`, so there is no button.
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import type { ApiKeyBridge } from '../../shared/api-keys';
import { lazyNamed } from './lazy-named';
import { DialogLoadBoundary } from './DialogLoadBoundary';

// Loaded when first opened (the first screen does not need it).
const ApiKeysDialog = lazyNamed(() => import('./ApiKeysDialog'), 'ApiKeysDialog');

export function ApiKeysControl({ keys = window.turnwise?.apiKeys }: { keys?: ApiKeyBridge }) {
  const [open, setOpen] = useState(false);
  if (keys === undefined) return null;
  return (
    <>
      <Tooltip title="API keys">
        <IconButton
          color="inherit"
          aria-label="API keys"
          data-testid="api-keys-control"
          onClick={() => setOpen(true)}
        >
          <KeyOutlined />
        </IconButton>
      </Tooltip>
      {open && (
        <DialogLoadBoundary what="the API keys" onClose={() => setOpen(false)}>
          <ApiKeysDialog keys={keys} onClose={() => setOpen(false)} />
        </DialogLoadBoundary>
      )}
    </>
  );
}
