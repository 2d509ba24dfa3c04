// Builds the renderer (renderer/ -> out/renderer). base './' lets the same build load from the
// Electron custom protocol, from file:// and from `turnwise serve`.
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { CONTENT_SECURITY_POLICY } from './shared/csp.ts';

const CSP_PLACEHOLDER =
  /<meta http-equiv="Content-Security-Policy" content="%TURNWISE_CSP%"\s*\/?>/;

// Browsers ignore these directives in a <meta> policy and log an error for each; the HTTP server
// and Electron still send the full policy as a header.
const HEADER_ONLY_DIRECTIVES = ['frame-ancestors', 'report-uri', 'sandbox'];

function metaPolicy(policy: string): string {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => !HEADER_ONLY_DIRECTIVES.includes(directive.split(/\s+/)[0] ?? ''))
    .join('; ')
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;');
}

/** Fills the CSP meta tag of index.html from shared/csp.ts, so there is one source of truth. */
function contentSecurityPolicy(): Plugin {
  let serving = false;
  return {
    name: 'turnwise-csp',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transformIndexHtml(html) {
      if (!CSP_PLACEHOLDER.test(html)) throw new Error('index.html lost its CSP meta tag');
      // The dev server's React refresh preamble is an inline script, so dev pages go without.
      const tag = serving
        ? ''
        : `<meta http-equiv="Content-Security-Policy" content="${metaPolicy(CONTENT_SECURITY_POLICY)}" />`;
      return html.replace(CSP_PLACEHOLDER, tag);
    },
  };
}

// `TURNWISE_API=http://127.0.0.1:PORT npx vite` develops the UI against a running `turnwise serve`
// (open the dev URL with that server's ?token=...).
const api = process.env.TURNWISE_API;

export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: './',
  plugins: [react(), contentSecurityPolicy()],
  server: api ? { proxy: { '/api': { target: api, changeOrigin: true } } } : undefined,
  build: {
    outDir:
      process.env.TURNWISE_RENDERER_DIR ||
      fileURLToPath(new URL('./out/renderer', import.meta.url)),
    emptyOutDir: true,
    // The bundle is loaded from disk or localhost, never over a slow network.
    chunkSizeWarningLimit: 2000,
  },
});
