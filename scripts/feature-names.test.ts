// One name per feature in every layer (docs/ARCHITECTURE.md, Features): the API part, the engine
// folder and its handlers, the renderer folder, the command files and the routes' pages all use
// the names of FEATURES, and nothing in those places goes by a name that is not there.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../cli/main';
import {
  ENGINE_BASE,
  FEATURES,
  HANDLERS_OUTSIDE_ENGINE,
  RUNTIME_COMMANDS,
  type FeatureLayers,
  type FeatureName,
} from './architecture';

const ROOT = path.resolve(import.meta.dirname, '..');
const features = Object.entries(FEATURES) as [FeatureName, FeatureLayers][];
const names = new Set<string>(Object.keys(FEATURES));
const withLayer = (layer: keyof FeatureLayers) =>
  features.filter(([, layers]) => layers[layer] !== undefined).map(([name]) => name);

const folders = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
const files = (dir: string, pattern: RegExp) =>
  readdirSync(path.join(ROOT, dir)).filter((name) => pattern.test(name));

/** The API parts, `X` of each shared/api-X.ts (api-method.ts is the contract's helper, none). */
const apiParts = () =>
  files('shared', /^api-[a-z-]+\.ts$/)
    .map((file) => file.slice('api-'.length, -'.ts'.length))
    .filter((part) => part !== 'method');

/** The feature a name belongs to: itself, or `<feature>-<part>`. */
const featureOf = (name: string): string | undefined =>
  [...names].find((feature) => name === feature || name.startsWith(`${feature}-`));

/**
 * The feature each route's page belongs to (null: no feature's, the not-found page). Checked
 * against renderer/pages.ts, whose table the typecheck holds to every route.
 */
const ROUTE_FEATURES: Record<string, FeatureName | null> = {
  datasets: 'datasets',
  dataset: 'datasets',
  trajectories: 'explorer',
  charts: 'charts',
  trajectory: 'trajectory',
  group: 'groups',
  diff: 'diff',
  review: 'review',
  judge: 'judge',
  prompts: 'judge',
  annotators: 'annotators',
  sql: 'sql',
  export: 'export',
  runs: 'runs',
  compare: 'compare',
  'not-found': null,
};

/** `route -> the renderer path of its page`, read from renderer/pages.ts. */
function pagesOfRoutes(): Map<string, string> {
  const text = readFileSync(path.join(ROOT, 'renderer', 'pages.ts'), 'utf8');
  const modules = new Map(
    [...text.matchAll(/export const (\w+) = page\(\s*\(\) => import\('\.\/([^']+)'\)/g)].map(
      ([, component = '', module = '']) => [component, module],
    ),
  );
  const table = text.slice(text.indexOf('PAGE_OF_ROUTE'));
  return new Map(
    [...table.matchAll(/^\s+'?([\w-]+)'?: (\w+),$/gm)].map(([, route = '', component = '']) => [
      route,
      modules.get(component) ?? `(no module for ${component})`,
    ]),
  );
}

/** `command name -> the cli/ file that declares it`. */
function commandFiles(): Map<string, string> {
  const declared = new Map<string, string>();
  for (const file of files('cli', /^[a-z-]+\.ts$/)) {
    const text = readFileSync(path.join(ROOT, 'cli', file), 'utf8');
    for (const [, name = ''] of text.matchAll(/_COMMAND: CommandSpec = \{\s*name: '([\w-]+)'/g)) {
      declared.set(name, file);
    }
  }
  return declared;
}

describe('feature names', () => {
  it('every API part is a feature’s, and every feature with an API has its part', () => {
    const parts = apiParts();
    expect(parts.filter((part) => featureOf(part) === undefined)).toEqual([]);
    expect(withLayer('api').filter((feature) => !parts.includes(feature))).toEqual([]);
  });

  it('every engine folder is a feature or the base, and each API part has its handlers', () => {
    const base = new Set<string>([...ENGINE_BASE, 'testing']);
    const strays = folders('engine').filter((folder) => !base.has(folder) && !names.has(folder));
    expect(strays).toEqual([]);
    const parts = apiParts();
    const missing = parts.flatMap((part) => {
      const feature = featureOf(part) as FeatureName;
      const outside = HANDLERS_OUTSIDE_ENGINE[feature];
      if (outside !== undefined) return existsSync(path.join(ROOT, outside)) ? [] : [outside];
      const sub = part === feature ? '' : `${part.slice(feature.length + 1)}/`;
      const handlers = `engine/${feature}/${sub}${part}-handlers.ts`;
      return existsSync(path.join(ROOT, handlers)) ? [] : [handlers];
    });
    expect(missing).toEqual([]);
  });

  it('every *-handlers.ts in the engine is named for its feature', () => {
    const strays = features.flatMap(([feature]) => {
      const dir = path.join(ROOT, 'engine', feature);
      if (!existsSync(dir)) return [];
      return readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('-handlers.ts'))
        .filter((file) => featureOf(path.basename(file, '-handlers.ts')) !== feature)
        .map((file) => `engine/${feature}/${file}`);
    });
    expect(strays).toEqual([]);
  });

  it('the renderer has a folder for exactly the features with pages or panels', () => {
    expect(folders('renderer/features')).toEqual(withLayer('renderer').sort());
  });

  it("every route's page lives in its feature's folder", () => {
    const pages = pagesOfRoutes();
    expect([...pages.keys()].sort()).toEqual(Object.keys(ROUTE_FEATURES).sort());
    const misplaced = [...pages].filter(([route, module]) => {
      const feature = ROUTE_FEATURES[route];
      return (
        feature !== null && feature !== undefined && !module.startsWith(`features/${feature}/`)
      );
    });
    expect(misplaced).toEqual([]);
  });

  it("every command is a feature's (or the runtime's) and lives in that feature's file", () => {
    const declared = commandFiles();
    const owners = new Map(
      features.flatMap(([feature, layers]) =>
        (layers.commands ?? []).map((command) => [command, feature] as const),
      ),
    );
    const runtime = new Set<string>(RUNTIME_COMMANDS);
    const wrong = COMMANDS.map(({ name }) => name).flatMap((command) => {
      const file = declared.get(command) ?? '(not found)';
      if (runtime.has(command))
        return file === `${command}-command.ts` ? [] : [`${command}: ${file}`];
      const feature = owners.get(command);
      if (feature === undefined) return [`${command}: no feature`];
      const expected = [`${feature}-command.ts`, `${feature}-commands.ts`];
      return expected.includes(file) ? [] : [`${command}: ${file}, not ${expected[0]}`];
    });
    expect(wrong).toEqual([]);
    const listed = new Set(COMMANDS.map(({ name }) => name));
    expect([...owners.keys()].filter((command) => !listed.has(command))).toEqual([]);
  });

  it('every command file and subcommand file is named for a feature', () => {
    const runtime = RUNTIME_COMMANDS.map((command) => `${command}-command.ts`);
    const strays = files('cli', /-commands?\.ts$/)
      .filter((file) => !runtime.includes(file))
      .filter((file) => !names.has(file.replace(/-commands?\.ts$/, '')));
    expect(strays).toEqual([]);
    const subcommands = [...commandFiles()].filter(
      ([command]) => !COMMANDS.some(({ name }) => name === command),
    );
    expect(subcommands.filter(([, file]) => featureOf(file) === undefined)).toEqual([]);
  });
});
