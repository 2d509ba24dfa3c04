// Grader facts of each task family, recorded as metadata.ground_truth so that an RL export can give
// a reward function exactly what the simulator's grader checks (task-grading.ts). Built from values
// the task builders already computed: no random draws, so adding it changes nothing else.

import type { GroundTruth, SettingsTree, TestsByFile } from './record-types';

/** Splits pytest node ids (`<file>::<name>`) into names grouped by file, keeping their order. */
function byFile(ids: Iterable<string>): TestsByFile {
  const grouped: TestsByFile = {};
  for (const id of ids) {
    const cut = id.indexOf('::');
    if (cut < 0) throw new Error(`not a pytest node id: ${id}`);
    const file = id.slice(0, cut);
    (grouped[file] ??= []).push(id.slice(cut + 2));
  }
  return grouped;
}

/**
 * Test-graded repair: every pristine test must pass; `baseline` (test id -> passed in the initial
 * repository) fixes the partial-credit targets, the tests that fail before any edit.
 */
export function testsGroundTruth(
  bugs: readonly { modulePath: string; functionName: string }[],
  baseline: ReadonlyMap<string, boolean>,
): GroundTruth {
  const fix: Record<string, string[]> = {};
  for (const bug of bugs) (fix[bug.modulePath] ??= []).push(bug.functionName);
  const ids = [...baseline.keys()];
  return {
    kind: 'tests',
    fix,
    tests: byFile(ids),
    targets: byFile(ids.filter((id) => baseline.get(id) === false)),
  };
}

/** One graded setting: `load(environment)[section][key] == value`. */
export interface SettingCheck {
  environment: string;
  section: string;
  key: string;
  value: string;
  /** Whether the check fails in the initial repository (a partial-credit target). */
  failing: boolean;
}

function settingsTree(checks: readonly SettingCheck[]): SettingsTree {
  const tree: SettingsTree = {};
  for (const { environment, section, key, value } of checks) {
    const sections = (tree[environment] ??= {});
    (sections[section] ??= {})[key] = value;
  }
  return tree;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Config tasks: the expected effective settings, sorted so the key order is canonical. */
export function settingsGroundTruth(checks: readonly SettingCheck[]): GroundTruth {
  const sorted = [...checks].sort(
    (a, b) =>
      compare(a.environment, b.environment) ||
      compare(a.section, b.section) ||
      compare(a.key, b.key),
  );
  return {
    kind: 'settings',
    expected: settingsTree(sorted),
    targets: settingsTree(sorted.filter((check) => check.failing)),
  };
}

/** Answer-graded investigate tasks: the reference answer and forms known to match it. */
export function answerGroundTruth(answer: string, accepted: readonly string[]): GroundTruth {
  return { kind: 'answer', answer, accepted: [...accepted] };
}
