// Renders UI under the app's theme and an API client over the given transport.
import { ThemeProvider } from '@mui/material/styles';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { Transport } from '../../shared/transport';
import { ApiProvider } from '../api/ApiContext';
import { createClient } from '../api/client';
import { createAppTheme } from '../theme/theme';

// findBy/waitFor give up after 1 s by default; a loaded CI machine (2 cores shared with the
// browser tests' build) can take longer to re-render after a fake request, so they wait 5 s.
configure({ asyncUtilTimeout: 5000 });

export function renderWithApi(ui: ReactElement, transport: Transport) {
  return render(
    <ThemeProvider theme={createAppTheme('light')}>
      <ApiProvider client={createClient(transport)}>{ui}</ApiProvider>
    </ThemeProvider>,
  );
}
