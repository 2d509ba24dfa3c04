// Wording of the repair agent's thoughts, by intent. Slots are filled from what the agent knows.

import type { Phrases } from './phrasing';

export interface RepairSlots {
  path: string;
  dir: string;
  fn: string;
  test: string;
  detail: string;
  oldExpr: string;
  newExpr: string;
  insight: string;
  pattern: string;
}

export const BLANK_REPAIR_SLOTS: RepairSlots = {
  path: '',
  dir: '',
  fn: '',
  test: '',
  detail: '',
  oldExpr: '',
  newExpr: '',
  insight: '',
  pattern: '',
};

export const REPAIR_PHRASES: Readonly<Record<string, Phrases<RepairSlots>>> = {
  list_root: [
    () =>
      'I will start by looking at the repository layout to see where the code and the tests live.',
    () => 'First, an overview of the project structure.',
    () => 'Let me list the top-level files to orient myself before touching anything.',
  ],
  list_dir: [
    (s) => `Let me see what is inside ${s.dir}/.`,
    (s) => `Listing ${s.dir}/ to find the relevant modules.`,
    (s) => `I need the file names under ${s.dir}/.`,
  ],
  run_tests_first: [
    () => 'Before changing anything I want to see which tests fail and how.',
    () => 'Let me run the test suite to get a concrete failure to work from.',
    () => 'Running the tests first will tell me exactly what is broken.',
  ],
  run_tests_verify: [
    (s) => `I changed ${s.fn}; let me run the tests to confirm the fix and check for regressions.`,
    () => 'Re-running the suite to verify the edit.',
    (s) =>
      `Let me check that the change to ${s.fn} makes the failing tests pass without breaking others.`,
  ],
  run_tests_again: [
    () => 'Let me run the tests again to see where things stand.',
    () => 'Running the suite once more.',
  ],
  read_source: [
    (s) => `${s.path} should contain ${s.fn}; let me read it.`,
    (s) => `Let me open ${s.path} and look at the implementation of ${s.fn}.`,
    (s) => `The failure points at ${s.fn}. Reading ${s.path}.`,
  ],
  read_module: [
    (s) => `Let me read ${s.path}; it may be where the reported behaviour comes from.`,
    (s) => `${s.path} looks related to the report. Reading it.`,
  ],
  read_tests: [
    (s) => `Let me look at ${s.path} to see what the tests expect and which module they import.`,
    (s) => `Reading ${s.path} to find out where the code under test lives.`,
  ],
  read_other: [
    (s) => `Let me check ${s.path} for hints about the project setup.`,
    (s) => `Quick look at ${s.path} before diving into the code.`,
  ],
  grep_def: [
    (s) => `I need to find where ${s.fn} is defined.`,
    (s) => `Searching for the definition of ${s.fn}.`,
  ],
  edit_fix: [
    (s) => `${s.insight} I will replace \`return ${s.oldExpr}\` with \`return ${s.newExpr}\`.`,
    (s) =>
      `${s.test} fails with \`${s.detail}\`. ${s.insight} Changing the return expression to \`${s.newExpr}\`.`,
    (s) => `Now I understand the bug in ${s.fn}. ${s.insight} Editing it.`,
  ],
  edit_guess: [
    (s) =>
      `The result of ${s.fn} looks off. Adjusting the expression should fix it: \`${s.oldExpr}\` becomes \`${s.newExpr}\`.`,
    (s) => `I think ${s.fn} is computing this incorrectly. Let me change it to \`${s.newExpr}\`.`,
    (s) => `${s.test} reports \`${s.detail}\`, so ${s.fn} must be wrong. Trying \`${s.newExpr}\`.`,
  ],
  edit_retry: [
    (s) =>
      `The previous change to ${s.fn} did not work (\`${s.detail}\`). Let me try \`${s.newExpr}\` instead.`,
    (s) => `Still failing: \`${s.detail}\`. Another attempt at ${s.fn}: \`${s.newExpr}\`.`,
  ],
  repair_syntax: [
    (s) => `My last edit broke the import: ${s.detail}. Rewriting the return line of ${s.fn}.`,
    (s) =>
      `The suite cannot even be collected (${s.detail}). I must have mangled ${s.fn}; fixing it.`,
  ],
  revert: [
    (s) => `My edit to ${s.fn} broke ${s.test}. Reverting it to the original \`${s.newExpr}\`.`,
    (s) => `${s.fn} was fine before I touched it; putting back \`${s.newExpr}\`.`,
  ],
  edit_tests: [
    (s) =>
      `The expectation in ${s.test} looks inconsistent with the implementation. I will update the test to match the current behaviour.`,
    (s) =>
      `I cannot get ${s.test} to pass; its expected value seems wrong, so I am adjusting the assertion.`,
  ],
  submit_done: [
    () => 'All tests pass now. Submitting the fix.',
    () => 'The suite is green and nothing else regressed. Done.',
  ],
  submit_unverified: [
    (s) => `The change to ${s.fn} should fix the reported bug. Submitting.`,
    () => 'That edit addresses the report; submitting.',
  ],
  submit_giveup: [
    () => 'I have not been able to make the failing tests pass. Submitting what I have.',
    () => 'I am out of ideas for this bug; submitting the current state.',
  ],
  repeat_read_file: [
    (s) => `Let me look at ${s.path} again.`,
    (s) => `Re-reading ${s.path} to make sure I did not miss anything.`,
  ],
  repeat_run_tests: [
    () => 'Let me run the tests again.',
    () => 'Running the suite again to double-check.',
  ],
  repeat_list_dir: [
    (s) => `Let me list ${s.dir === '' ? 'the repository root' : `${s.dir}/`} again.`,
  ],
  repeat_grep: [(s) => `Searching for ${s.pattern} once more.`],
};
