// The architecture the tree must show (docs/ARCHITECTURE.md, Layers and Features), as data the
// structure tests check the folders against: scripts/folder-cycles.test.ts and
// scripts/feature-names.test.ts.

/** The engine's base folders, lowest first: each imports only the ones before it. */
export const ENGINE_BASE = [
  'text',
  'chat',
  'secrets',
  'logging',
  'store',
  'core',
  'endpoints',
  'query',
] as const;

/** Where a feature is, layer by layer; a feature has one name in all of them. */
export interface FeatureLayers {
  /** shared/api-<feature>.ts, and its handlers in engine/<feature>/<feature>-handlers.ts. */
  api?: true;
  /** renderer/features/<feature>/. */
  renderer?: true;
  /** The `turnwise` commands it answers, declared in cli/<feature>-command(s).ts. */
  commands?: readonly string[];
}

export const FEATURES = {
  annotators: { api: true, renderer: true },
  charts: { api: true, renderer: true },
  compare: { api: true, renderer: true, commands: ['compare'] },
  credit: { api: true, renderer: true, commands: ['credit'] },
  datasets: { api: true, renderer: true, commands: ['stats'] },
  diff: { renderer: true },
  explorer: { api: true, renderer: true },
  export: { api: true, renderer: true, commands: ['export'] },
  groups: { api: true, renderer: true, commands: ['regroup'] },
  import: { api: true, renderer: true, commands: ['import', 'formats'] },
  jobs: { api: true },
  judge: { api: true, renderer: true, commands: ['judge'] },
  keys: { api: true },
  labels: { api: true, renderer: true, commands: ['label'] },
  outcome: { api: true, commands: ['outcome'] },
  redactions: { api: true, commands: ['redactions'] },
  review: { api: true, renderer: true, commands: ['review'] },
  runs: { api: true, renderer: true, commands: ['runs', 'run'] },
  scoring: { api: true, renderer: true, commands: ['score'] },
  search: { api: true, commands: ['search'] },
  segmentation: { api: true, commands: ['segmentation'] },
  sql: { api: true, renderer: true, commands: ['sql'] },
  trajectory: { api: true, renderer: true },
} as const satisfies Record<string, FeatureLayers>;

export type FeatureName = keyof typeof FEATURES;

/**
 * API parts whose handlers live outside the engine: the API keys are kept by Electron's main
 * process (safeStorage), which answers them itself (electron/keys-ipc.ts).
 */
export const HANDLERS_OUTSIDE_ENGINE: Partial<Record<FeatureName, string>> = {
  keys: 'electron/keys-ipc.ts',
};

/** Commands of no feature: `serve` starts the HTTP server of browser mode (server/). */
export const RUNTIME_COMMANDS = ['serve'] as const;
