// Renders UI under the app's theme and an API client over the given transport.
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { Transport } from '../../shared/transport';
import { ApiProvider } from '../api/ApiContext';
import { createClient } from '../api/client';
import { createAppTheme } from '../theme/theme';

export function renderWithApi(ui: ReactElement, transport: Transport) {
  return render(
    <ThemeProvider theme={createAppTheme('light')}>
      <ApiProvider client={createClient(transport)}>{ui}</ApiProvider>
    </ThemeProvider>,
  );
}
