// App frame: top bar, permanent left navigation, and a scrolling main area.
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import type { Route } from '../routing/routes';
import type { ThemeMode } from '../theme/theme';
import { AnnotatorControl } from './AnnotatorControl';
import { ApiKeysControl } from './ApiKeysControl';
import { NavList } from './NavList';
import { ThemeToggle } from './ThemeToggle';
import { WorkspaceInfo } from './WorkspaceInfo';

const DRAWER_WIDTH = 200;

type Props = {
  route: Route;
  mode: ThemeMode;
  onToggleTheme: () => void;
  children: ReactNode;
};

export function AppShell({ route, mode, onToggleTheme, children }: Props) {
  const main = useRef<HTMLElement>(null);
  // A new page starts at its top, like a normal navigation would.
  useEffect(() => {
    if (main.current !== null) main.current.scrollTop = 0;
  }, [route]);

  return (
    <Box sx={{ display: 'flex', height: '100vh', overflow: 'hidden' }}>
      <AppBar
        position="fixed"
        sx={{ zIndex: (t) => t.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar variant="dense" sx={{ gap: 1 }}>
          <Typography
            component="a"
            href="#/"
            variant="h6"
            sx={{ color: 'inherit', textDecoration: 'none', letterSpacing: 0.2 }}
          >
            Turnwise
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', ml: 1 }}>
            trajectory analysis &amp; credit assignment
          </Typography>
          <Box sx={{ flex: 1 }} />
          <AnnotatorControl />
          <ApiKeysControl />
          <ThemeToggle mode={mode} onToggle={onToggleTheme} />
        </Toolbar>
      </AppBar>
      <Drawer
        variant="permanent"
        sx={{
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar variant="dense" />
        <Box sx={{ flex: 1, overflowY: 'auto', pt: 1 }}>
          <NavList route={route} />
        </Box>
        <WorkspaceInfo />
      </Drawer>
      <Box
        component="main"
        ref={main}
        sx={{ flex: 1, minWidth: 0, overflow: 'auto', bgcolor: 'background.default' }}
      >
        <Toolbar variant="dense" />
        <Box sx={{ p: 2, maxWidth: 1600 }}>{children}</Box>
      </Box>
    </Box>
  );
}
