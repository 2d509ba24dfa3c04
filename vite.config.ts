// Builds the renderer (renderer/ -> out/renderer). base './' lets the same build load from the
// Electron custom protocol, from file:// and from `turnwise serve`.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { CONTENT_SECURITY_POLICY, metaPolicy } from './shared/csp.ts';

const CSP_PLACEHOLDER =
  /<meta http-equiv="Content-Security-Policy" content="%TURNWISE_CSP%"\s*\/?>/;

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

/**
 * Packages whose `browser` build needs a DOM, which the Markdown worker lacks: they resolve as in
 * Node (their `default` export) for the page and its workers alike, since the dev server builds
 * worker modules with the page's plugins.
 */
const DOM_FREE = ['decode-named-character-reference'];

function domFreePackages(): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: 'turnwise-dom-free-packages',
    enforce: 'pre',
    resolveId: (source) => (DOM_FREE.includes(source) ? require.resolve(source) : null),
  };
}

// `TURNWISE_API=http://127.0.0.1:PORT npx vite` develops the UI against a running `turnwise serve`
// (open the dev URL with that server's ?token=...).
const api = process.env.TURNWISE_API;

export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: './',
  plugins: [react(), contentSecurityPolicy(), domFreePackages()],
  worker: { plugins: () => [domFreePackages()] },
  // The server refuses API calls from other origins; the dev proxy forwards them as its own.
  server: api
    ? {
        proxy: {
          '/api': { target: api, changeOrigin: true, headers: { origin: new URL(api).origin } },
        },
      }
    : undefined,
  build: {
    outDir:
      process.env.TURNWISE_RENDERER_DIR ||
      fileURLToPath(new URL('./out/renderer', import.meta.url)),
    emptyOutDir: true,
    // The bundle is loaded from disk or localhost, never over a slow network. The largest chunk
    // is Monaco's (about 3.9 MB), loaded lazily when an editor first opens; the limit sits above
    // it so every start does not print a warning no one acts on, and still flags a chunk that
    // doubles the bundle.
    chunkSizeWarningLimit: 4500,
  },
});
