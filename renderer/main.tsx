// Entry point: pick the transport (Electron IPC or browser-mode HTTP) and mount the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createClient } from './api/client';
import { selectTransport } from './api/select-transport';
import { preloadPage } from './pages';
import { parseRoute } from './routing/routes';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const client = createClient(selectTransport());
preloadPage(parseRoute(window.location.hash));

createRoot(container).render(
  <StrictMode>
    <App client={client} />
  </StrictMode>,
);
