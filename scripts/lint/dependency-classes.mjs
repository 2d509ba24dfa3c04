// Every package in package.json, classified once by the runtime it belongs to; each lint zone
// (eslint.config.js) may import only the classes listed for it, so a package is refused wherever
// it was not meant to run. scripts/lint-boundaries.test.ts fails on a package left unclassified.
//   pure      any runtime, shared/ included
//   node      Node only: the engine, the server, the CLI and Electron's main process
//   dom       the renderer only
//   electron  Electron's main process and preload only
//   test      unit and end-to-end tests, anywhere
//   tool      build, lint and packaging tools: scripts/, bench/, e2e/ and tests

/** @type {Record<string, 'pure' | 'node' | 'dom' | 'electron' | 'test' | 'tool'>} */
export const DEPENDENCY_CLASSES = {
  zod: 'pure',

  '@duckdb/node-api': 'node',
  '@huggingface/tokenizers': 'node',
  ajv: 'node',
  fzstd: 'node',
  tsx: 'node',
  yauzl: 'node',
  '@types/node': 'node',
  '@types/yauzl': 'node',

  '@emotion/react': 'dom',
  '@emotion/styled': 'dom',
  '@mui/icons-material': 'dom',
  '@mui/material': 'dom',
  '@tanstack/react-query': 'dom',
  '@tanstack/react-table': 'dom',
  '@tanstack/react-virtual': 'dom',
  anser: 'dom',
  echarts: 'dom',
  'hast-util-to-jsx-runtime': 'dom',
  'html-url-attributes': 'dom',
  lowlight: 'dom',
  'monaco-editor': 'dom',
  react: 'dom',
  'react-dom': 'dom',
  'react-json-view-lite': 'dom',
  'react-markdown': 'dom',
  'remark-gfm': 'dom',
  'remark-parse': 'dom',
  'remark-rehype': 'dom',
  unified: 'dom',
  '@types/hast': 'dom',
  '@types/react': 'dom',
  '@types/react-dom': 'dom',

  electron: 'electron',

  vitest: 'test',
  '@testing-library/react': 'test',
  '@playwright/test': 'test',
  jsdom: 'test',

  '@doyensec/electronegativity': 'tool',
  '@eslint/js': 'tool',
  '@vitejs/plugin-react': 'tool',
  'electron-builder': 'tool',
  esbuild: 'tool',
  eslint: 'tool',
  'eslint-plugin-boundaries': 'tool',
  'eslint-plugin-react-hooks': 'tool',
  globals: 'tool',
  prettier: 'tool',
  'smol-toml': 'tool',
  typescript: 'tool',
  'typescript-eslint': 'tool',
  vite: 'tool',
};

/** The classes each zone may import (tests add `test` and `tool` wherever they live). */
export const ZONE_CLASSES = {
  shared: ['pure'],
  engine: ['pure', 'node'],
  server: ['pure', 'node'],
  cli: ['pure', 'node'],
  electron: ['pure', 'node', 'electron'],
  renderer: ['pure', 'dom'],
  feature: ['pure', 'dom'],
};

/** The names code imports a package by: `@types/x` types the import `x` (`@types/a__b`: `@a/b`). */
function importNames(name) {
  if (!name.startsWith('@types/')) return [name];
  const typed = name.slice('@types/'.length);
  return [typed.includes('__') ? `@${typed.replace('__', '/')}` : typed];
}

/** The package names of the given classes, as import sources. */
export function packagesOfClasses(classes) {
  return Object.entries(DEPENDENCY_CLASSES)
    .filter(([, kind]) => classes.includes(kind))
    .flatMap(([name]) => importNames(name));
}
