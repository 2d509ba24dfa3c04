// Which workspace file this window shows, and the app version; errors stay quiet here because
// every page reports its own connection problems.
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useApi } from '../api/useApi';
import { MONO_FONT } from '../theme/theme';

export function WorkspaceInfo() {
  const info = useApi('appInfo', {});
  if (info.data === undefined) return null;
  const { workspace_path: path, version, schema_version: schema } = info.data;
  return (
    <Box sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        Workspace
      </Typography>
      <Tooltip title={path} placement="top">
        <Typography
          variant="caption"
          sx={{ fontFamily: MONO_FONT, display: 'block', direction: 'rtl', textAlign: 'left' }}
          noWrap
        >
          {/* rtl + bdi keeps the file name visible when the path is cut */}
          <bdi>{path}</bdi>
        </Typography>
      </Tooltip>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 0.5 }}>
        Turnwise {version} · schema {schema}
      </Typography>
    </Box>
  );
}
