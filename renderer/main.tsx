// Entry point: pick the transport (Electron IPC or browser-mode HTTP) and mount the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createClient } from './api/client';
import { createQueryClient } from './api/query-client';
import { selectTransport } from './api/select-transport';
import { preloadPage } from './pages';
import { prefetchRouteData } from './route-data';
import { parseRoute } from './routing/routes';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const client = createClient(selectTransport());
const queryClient = createQueryClient();
const route = parseRoute(window.location.hash);
// The page's code and its first answers both start now, side by side, before React renders.
preloadPage(route);
prefetchRouteData(route, window.location.hash, queryClient, client);

createRoot(container).render(
  <StrictMode>
    <App client={client} queryClient={queryClient} />
  </StrictMode>,
);
