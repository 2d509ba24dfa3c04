// Builds a config task: a service whose settings are base.ini overlaid per environment. The agent
// must change staging's effective settings without changing production's; tests call the real
// overlay loader (simulated natively) and are graded from pristine copies.

import { settingsGroundTruth } from './ground-truth';
import { loadEnvironmentConfig, renderIni } from './ini-config';
import type { NativeModules } from './python-runtime';
import type { Rng } from './random';
import type { Difficulty } from './record-types';
import { makeTestGrader, pristineCheckResults } from './task-grading';
import type { ConfigChange, ConfigTask, TaskSeed } from './task-types';
import { toolSpecsFor } from './tools';
import { VirtualFs } from './virtual-fs';

interface ConfigKey {
  section: string;
  key: string;
  base: string;
  choices: string[];
  /** The key name an agent guesses when it has not seen the real one. */
  guessKey: string;
  sloppy(value: string): string;
  describe(value: string): string;
}

const CONFIG_KEYS: readonly ConfigKey[] = [
  {
    section: 'logging',
    key: 'level',
    guessKey: 'log_level',
    base: 'info',
    choices: ['debug', 'warning'],
    sloppy: (v) => v.toUpperCase(),
    describe: (v) => `log at ${v} level`,
  },
  {
    section: 'server',
    key: 'timeout_seconds',
    guessKey: 'timeout',
    base: '30',
    choices: ['45', '60', '90'],
    sloppy: (v) => `${v}s`,
    describe: (v) => `use a request timeout of ${v} seconds`,
  },
  {
    section: 'features',
    key: 'new_checkout',
    guessKey: 'new_checkout_enabled',
    base: 'false',
    choices: ['true'],
    sloppy: () => 'True',
    describe: () => 'turn on the new checkout flow',
  },
  {
    section: 'cache',
    key: 'ttl_seconds',
    guessKey: 'ttl',
    base: '300',
    choices: ['600', '900'],
    sloppy: (v) => `${Number(v) / 60}m`,
    describe: (v) => `keep cache entries for ${v} seconds`,
  },
  {
    section: 'http',
    key: 'max_retries',
    guessKey: 'retries',
    base: '3',
    choices: ['5', '6'],
    sloppy: (v) => `${v} ; was 3`,
    describe: (v) => `retry outbound HTTP calls up to ${v} times`,
  },
  {
    section: 'api',
    key: 'rate_limit_per_minute',
    guessKey: 'rate_limit',
    base: '60',
    choices: ['120', '240'],
    sloppy: (v) => `${v}/min`,
    describe: (v) => `allow ${v} API requests per minute per client`,
  },
  {
    section: 'server',
    key: 'workers',
    guessKey: 'worker_count',
    base: '4',
    choices: ['6', '8'],
    sloppy: (v) => `${v}  # load tests`,
    describe: (v) => `run ${v} worker processes`,
  },
  {
    section: 'database',
    key: 'pool_size',
    guessKey: 'pool',
    base: '10',
    choices: ['20', '25'],
    sloppy: (v) => `${v} connections`,
    describe: (v) => `use a database connection pool of ${v}`,
  },
];

const SERVICES: readonly string[] = [
  'checkout-api',
  'billing-worker',
  'search-gateway',
  'notifier',
  'catalog-sync',
  'auth-proxy',
  'report-builder',
  'media-resizer',
];
const STEP_BUDGET: Readonly<Record<Difficulty, number>> = { easy: 10, medium: 12, hard: 14 };
const CHANGE_COUNT: Readonly<Record<Difficulty, number>> = { easy: 1, medium: 2, hard: 3 };

export const SETTINGS_NATIVES: NativeModules = {
  'deploy.settings_loader': (fs) => ({
    load: (args) => loadEnvironmentConfig(fs, String(args[0])),
  }),
};

type Sections = Map<string, Map<string, string>>;

function setValue(sections: Sections, section: string, key: string, value: string): void {
  const values = sections.get(section) ?? new Map<string, string>();
  values.set(key, value);
  sections.set(section, values);
}

function baseSections(service: string): Sections {
  const sections: Sections = new Map();
  setValue(sections, 'server', 'port', '8080');
  for (const entry of CONFIG_KEYS) setValue(sections, entry.section, entry.key, entry.base);
  setValue(sections, 'logging', 'format', 'json');
  setValue(sections, 'database', 'host', 'db.internal');
  setValue(sections, 'database', 'name', service.replace(/-/g, '_'));
  setValue(sections, 'cache', 'backend', 'redis');
  return sections;
}

const LOADER = `"""Loads the effective settings for one environment.

The effective configuration is config/base.ini overlaid by config/<environment>.ini:
keys set in the environment file win, everything else comes from base.ini.
"""

import configparser
from pathlib import Path

CONFIG_DIR = Path(__file__).resolve().parent.parent / "config"


def load(environment):
    parser = configparser.ConfigParser()
    parser.read([CONFIG_DIR / "base.ini", CONFIG_DIR / f"{environment}.ini"])
    return {section: dict(parser[section]) for section in parser.sections()}
`;

function docsFor(service: string): string {
  return `# Configuration\n\n${service} reads \`config/base.ini\` first and then the file of the current environment\n(\`config/staging.ini\` or \`config/production.ini\`). A key in the environment file overrides the\nsame key in base.ini. Put environment-specific values in the environment file only: base.ini\nis shared by every environment.\n\nValues are read verbatim by configparser; inline comments are not stripped. Durations are whole\nseconds without a unit, and booleans are lower-case true/false.\n`;
}

/** environment, section, key, expected value */
type Expectation = [string, string, string, string];

const testName = ([env, section, key]: Expectation): string => `test_${env}_${section}_${key}`;

function testFile(expectations: Expectation[]): string {
  const tests = expectations.map((expectation) => {
    const [env, section, key, value] = expectation;
    return `def ${testName(expectation)}():\n    assert load("${env}")["${section}"]["${key}"] == "${value}"\n`;
  });
  return `"""Expected effective settings per environment."""\n\nfrom deploy.settings_loader import load\n\n\n${tests.join('\n\n')}`;
}

export function buildConfigTask(seed: TaskSeed, rng: Rng): ConfigTask {
  const service = SERVICES[seed.variant % SERVICES.length] as string;
  const count = CHANGE_COUNT[seed.difficulty];
  const chosen = Array.from(
    { length: count },
    (_, i) => CONFIG_KEYS[(seed.variant + 3 * i) % CONFIG_KEYS.length] as ConfigKey,
  );
  const changes: ConfigChange[] = chosen.map((entry) => {
    const value = rng.pick(entry.choices);
    return {
      section: entry.section,
      key: entry.key,
      guessKey: entry.guessKey,
      value,
      sloppyValue: entry.sloppy(value),
      description: entry.describe(value),
    };
  });
  const staging: Sections = new Map();
  const production: Sections = new Map();
  setValue(staging, 'database', 'host', 'staging-db.internal');
  setValue(production, 'database', 'host', 'prod-db.internal');
  setValue(staging, 'server', 'port', '8081');
  for (const entry of chosen) {
    // Staging sometimes already overrides the key; production sometimes pins it.
    if (rng.chance(0.5)) setValue(staging, entry.section, entry.key, entry.base);
    if (rng.chance(0.3)) setValue(production, entry.section, entry.key, entry.base);
  }
  const files: Record<string, string> = {
    'README.md': `# ${service}\n\nInternal service. Deployed to staging and production by the platform team.\nSee docs/CONFIG.md for how settings are resolved.\n`,
    'config/base.ini': renderIni(baseSections(service), '# Shared defaults for every environment.'),
    'config/staging.ini': renderIni(staging, '# Staging overrides.'),
    'config/production.ini': renderIni(production, '# Production overrides.'),
    'deploy/settings_loader.py': LOADER,
    'docs/CONFIG.md': docsFor(service),
  };
  const decoyPath = seed.difficulty === 'hard' ? 'config/legacy/staging.ini' : null;
  if (decoyPath !== null) {
    files[decoyPath] = renderIni(
      staging,
      '# Legacy overlay used by the old deploy scripts. Not loaded since v3.',
    );
  }
  const initial = new VirtualFs(files);
  const production0 = loadEnvironmentConfig(initial, 'production');
  const staging0 = loadEnvironmentConfig(initial, 'staging');
  const read = (config: typeof staging0, section: string, key: string): string => {
    const values = config[section];
    return typeof values === 'object' && values !== null ? String(values[key]) : '';
  };
  const requested = changes.map((change): Expectation => [
    'staging',
    change.section,
    change.key,
    change.value,
  ]);
  const preserved: Expectation[] = [
    ['staging', 'database', 'host', read(staging0, 'database', 'host')],
    ...changes.map((change): Expectation => [
      'production',
      change.section,
      change.key,
      read(production0, change.section, change.key),
    ]),
    ['production', 'database', 'host', read(production0, 'database', 'host')],
  ];
  // Easy tasks ship tests for the requested values; otherwise the repo's tests only guard what
  // exists and the requested values are checked after submission (graded, never shown).
  const visibleTests = seed.difficulty === 'easy';
  files['tests/test_config.py'] = testFile(visibleTests ? [...requested, ...preserved] : preserved);
  const gradingFiles = { ...files, 'tests/test_config.py': testFile([...requested, ...preserved]) };
  const baseline = pristineCheckResults(new VirtualFs(files), gradingFiles, SETTINGS_NATIVES);
  const grader = makeTestGrader(gradingFiles, baseline, SETTINGS_NATIVES);
  // A check that fails before any edit is a partial-credit target, as in makeTestGrader.
  const groundTruth = settingsGroundTruth(
    [...requested, ...preserved].map((expectation) => {
      const [environment, section, key, value] = expectation;
      const passed = baseline.get(`tests/test_config.py::${testName(expectation)}`);
      if (passed === undefined) throw new Error(`${seed.id}: no graded test for ${section}.${key}`);
      return { environment, section, key, value, failing: !passed };
    }),
  );
  const describe = changes.map((change) => change.description);
  const request =
    describe.length === 1
      ? describe[0]
      : `${describe.slice(0, -1).join(', ')} and ${describe[describe.length - 1]}`;
  return {
    id: seed.id,
    index: seed.index,
    family: 'config',
    difficulty: seed.difficulty,
    title: `Staging settings for ${service}`,
    prompt: `Ops request for the ${service} service: in the staging environment, ${request ?? ''}. Production must keep its current behaviour.\n\nSettings are INI files under config/. ${visibleTests ? 'tests/test_config.py describes the expected effective settings.' : 'tests/test_config.py guards the existing settings; the new values are verified by the deployment check after you submit.'} Do not modify the tests. When you are done, call submit with a one-line summary of the change.`,
    files,
    tools: toolSpecsFor('config'),
    stepBudget: STEP_BUDGET[seed.difficulty],
    ease: seed.ease,
    relevantPaths: [
      'config/staging.ini',
      'config/base.ini',
      'config/production.ini',
      'deploy/settings_loader.py',
      'docs/CONFIG.md',
      'tests/test_config.py',
    ],
    natives: SETTINGS_NATIVES,
    grade: (fs) => grader(fs),
    groundTruth,
    service,
    environment: 'staging',
    changes,
    decoyPath,
  };
}
