// Monaco, bundled with the app: the editor core, its editor features and the JSON language only
// (the full editor.main pulls in every language and the TypeScript service). Nothing is fetched
// from a CDN: there is no AMD loader, and the workers are Vite-built files served from 'self',
// which the CSP (worker-src 'self' blob:) allows.
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/features/register.all';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

type SchemaEntry = { uri: string; fileMatch: string[]; schema: object };
const schemas = new Map<string, SchemaEntry>();

function applySchemas(): void {
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    // Schemas are given inline; the editor must never fetch one over the network.
    enableSchemaRequest: false,
    schemas: [...schemas.values()],
  });
}

/** Validates (and completes) one model against a JSON schema; returns the undo. */
export function attachJsonSchema(model: monaco.editor.ITextModel, schema: object): () => void {
  const key = model.uri.toString();
  schemas.set(key, { uri: `${key}#schema`, fileMatch: [key], schema });
  applySchemas();
  return () => {
    schemas.delete(key);
    applySchemas();
  };
}

export { monaco };
