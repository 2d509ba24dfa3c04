// Builds a repair task: a small Python package under src/ with one bug (two when hard), real
// tests whose expected values come from evaluating the correct implementation, and a grader.

import { testsGroundTruth } from './ground-truth';
import { PythonRuntime } from './python-runtime';
import { pyRepr } from './python-eval';
import type { Rng } from './random';
import {
  BUG_TEMPLATES,
  type BugTemplate,
  type FunctionTemplate,
  PACKAGE_NAMES,
} from './repair-catalog';
import type { Difficulty } from './record-types';
import { makeTestGrader, pristineCheckResults } from './task-grading';
import type { RepairBug, RepairTask, TaskSeed } from './task-types';
import { toolSpecsFor } from './tools';
import { VirtualFs } from './virtual-fs';

const STEP_BUDGET: Readonly<Record<Difficulty, number>> = { easy: 10, medium: 12, hard: 16 };

function renderFunction(fn: FunctionTemplate, body: string): string {
  return `def ${fn.name}(${fn.params.join(', ')}):\n    """${fn.doc}"""\n    return ${body}\n`;
}

function renderModule(template: BugTemplate, order: FunctionTemplate[], buggy: boolean): string {
  const functions = order.map((fn) =>
    renderFunction(fn, buggy && fn.name === template.target.name ? template.buggy : fn.body),
  );
  return `"""${template.moduleDoc}"""\n\n\n${functions.join('\n\n')}`;
}

/** Renders the tests; expected values come from running the correct implementation. */
function renderTests(pkg: string, template: BugTemplate, order: FunctionTemplate[]): string {
  const dotted = `${pkg}.${template.module}`;
  const correct = new VirtualFs({
    [`src/${pkg}/${template.module}.py`]: renderModule(template, order, false),
  });
  const exports = new PythonRuntime(correct).importModule(dotted);
  const tests: string[] = [];
  for (const fn of order) {
    const call = exports.get(fn.name);
    if (call === undefined) throw new Error(`template ${template.module} lost ${fn.name}`);
    for (const testCase of fn.cases) {
      const expected = pyRepr(call(testCase.args));
      tests.push(
        `def test_${fn.name}_${testCase.name}():\n    assert ${fn.name}(${testCase.args.join(', ')}) == ${expected}\n`,
      );
    }
  }
  const names = order.map((fn) => fn.name).join(', ');
  return `"""Tests for ${dotted}."""\n\nfrom ${dotted} import ${names}\n\n\n${tests.join('\n\n')}`;
}

function projectFiles(pkg: string): Record<string, string> {
  return {
    'README.md': `# ${pkg}\n\nSmall utility library shared by the ${pkg} services.\n\n## Development\n\n    pip install -e .\n    pytest\n\nModules live in \`src/${pkg}/\`, tests in \`tests/\`. CI runs the whole suite on every push.\n`,
    'pyproject.toml': `[project]\nname = "${pkg}"\nversion = "1.4.2"\nrequires-python = ">=3.10"\n\n[tool.pytest.ini_options]\npythonpath = ["src"]\ntestpaths = ["tests"]\n`,
    'CHANGELOG.md': `# Changelog\n\n## 1.4.2\n- Faster imports.\n- Documentation fixes.\n\n## 1.4.1\n- Packaging metadata cleanup.\n`,
    [`src/${pkg}/__init__.py`]: `"""${pkg} utilities."""\n\n__version__ = "1.4.2"\n`,
  };
}

function promptFor(difficulty: Difficulty, pkg: string, primary: BugTemplate): string {
  const ending =
    'Do not modify the tests. When you are done, call submit with a one-line summary of the change.';
  if (difficulty === 'easy') {
    return `Bug report for the ${pkg} library: ${primary.pinpoint}.\n\nFix the implementation in src/${pkg}/${primary.module}.py so that the test suite passes. ${ending}`;
  }
  if (difficulty === 'medium') {
    return `Bug report for the ${pkg} library: ${primary.symptom}\n\nFind the cause in the repository and fix it so that the test suite passes. ${ending}`;
  }
  return `Bug report for the ${pkg} library: ${primary.symptom} CI has also been red since the last release.\n\nMake the whole test suite pass. ${ending}`;
}

export function buildRepairTask(seed: TaskSeed, rng: Rng): RepairTask {
  const primary = BUG_TEMPLATES[seed.variant % BUG_TEMPLATES.length] as BugTemplate;
  const secondary = BUG_TEMPLATES[(seed.variant + 3) % BUG_TEMPLATES.length] as BugTemplate;
  const pkg = rng.pick(PACKAGE_NAMES);
  const buggyTemplates = seed.difficulty === 'hard' ? [primary, secondary] : [primary];
  const files = projectFiles(pkg);
  const bugs: RepairBug[] = [];
  const decoys: RepairTask['decoys'] = [];
  for (const template of [primary, secondary]) {
    const order = rng.shuffled([template.target, ...template.siblings]);
    const modulePath = `src/${pkg}/${template.module}.py`;
    const testPath = `tests/test_${template.module}.py`;
    const buggy = buggyTemplates.includes(template);
    files[modulePath] = renderModule(template, order, buggy);
    files[testPath] = renderTests(pkg, template, order);
    if (buggy) {
      const { name, params } = template.target;
      bugs.push({
        modulePath,
        testPath,
        functionName: name,
        params,
        buggyExpr: template.buggy,
        fixes: template.fixes,
        insight: template.insight,
      });
    }
    for (const fn of order) {
      if (buggy && fn.name === template.target.name) continue;
      decoys.push({
        modulePath,
        functionName: fn.name,
        params: fn.params,
        mutations: fn.mutations,
      });
    }
  }
  const natives = {};
  const baseline = pristineCheckResults(new VirtualFs(files), files, natives);
  const grader = makeTestGrader(files, baseline, natives);
  const names = bugs.map((bug) => bug.functionName).join(' and ');
  return {
    id: seed.id,
    index: seed.index,
    family: 'repair',
    difficulty: seed.difficulty,
    title: `Fix ${names} in ${pkg}`,
    prompt: promptFor(seed.difficulty, pkg, primary),
    files,
    tools: toolSpecsFor('repair'),
    stepBudget: STEP_BUDGET[seed.difficulty],
    ease: seed.ease,
    relevantPaths: bugs.flatMap((bug) => [bug.modulePath, bug.testPath]),
    natives,
    grade: (fs) => grader(fs),
    groundTruth: testsGroundTruth(bugs, baseline),
    packageName: pkg,
    bugs,
    decoys,
  };
}
