// Wording of the config agent's thoughts, by intent.

import type { Phrases } from './phrasing';

export interface ConfigSlots {
  path: string;
  dir: string;
  key: string;
  value: string;
  keys: string;
  pattern: string;
}

export const CONFIG_PHRASES: Readonly<Record<string, Phrases<ConfigSlots>>> = {
  list_root: [
    () => 'Let me look at the repository layout first.',
    () => 'I will start by listing the top-level files to see how configuration is organised.',
    () => 'First, an overview of the repository.',
  ],
  list_dir: [(s) => `Let me see what is in ${s.dir}/.`, (s) => `Listing ${s.dir}/.`],
  read_staging: [
    (s) => `The staging overrides should live in ${s.path}. Let me read it.`,
    (s) => `Reading ${s.path} to see what staging currently overrides.`,
  ],
  read_base: [
    (s) => `Let me read ${s.path} to find the exact section and key names.`,
    (s) => `${s.path} holds the defaults; reading it to see the current values.`,
  ],
  read_loader: [
    (s) => `I want to know how settings are merged before editing anything; reading ${s.path}.`,
    (s) => `Let me check ${s.path} to see which files are loaded and in what order.`,
  ],
  read_docs: [
    (s) => `Reading ${s.path} for the configuration conventions.`,
    (s) => `${s.path} may explain how environments are configured.`,
  ],
  read_tests: [
    (s) => `The tests describe the expected values; let me read ${s.path}.`,
    (s) => `Reading ${s.path} to get the exact keys and values that are checked.`,
  ],
  read_decoy: [(s) => `${s.path} looks like another staging config; let me check it.`],
  read_other: [(s) => `Let me check ${s.path}.`, (s) => `Quick look at ${s.path}.`],
  run_tests_first: [
    () => 'Let me run the tests to see which settings are currently wrong.',
    () => 'Running the test suite first to get a baseline.',
  ],
  run_tests_verify: [
    () =>
      'Let me run the tests to confirm the new settings and check that production is unchanged.',
    () => 'Verifying the change with the test suite.',
  ],
  run_tests_again: [() => 'Running the tests again.'],
  edit_key: [
    (s) => `I will set ${s.key} = ${s.value} in ${s.path}.`,
    (s) => `Updating ${s.path}: ${s.key} becomes ${s.value}.`,
  ],
  write_overlay: [
    (s) =>
      `I will add the requested settings to ${s.path} while keeping its existing overrides: ${s.keys}.`,
    (s) => `Rewriting ${s.path} with the new values (${s.keys}) on top of what is already there.`,
  ],
  write_blind: [
    (s) => `I will write the staging overrides with the requested settings: ${s.keys}.`,
    (s) => `Creating the staging settings in ${s.path}: ${s.keys}.`,
  ],
  edit_base: [
    (s) => `The value of ${s.key} is defined in ${s.path}; I will change it there to ${s.value}.`,
    (s) => `${s.path} sets ${s.key}. Changing it to ${s.value}.`,
  ],
  edit_decoy: [(s) => `Setting ${s.key} = ${s.value} in ${s.path}.`],
  fix_value: [
    (s) => `The test expects ${s.key} to be exactly "${s.value}". Fixing it in ${s.path}.`,
    (s) =>
      `${s.key} still does not match; the expected value is "${s.value}". Correcting ${s.path}.`,
  ],
  revert_base: [
    (s) =>
      `Changing base.ini also changed production (${s.key}). Reverting base.ini; the override belongs in staging.`,
    (s) => `Production picked up my change to ${s.key}. Putting base.ini back as it was.`,
  ],
  restore_key: [
    (s) => `My rewrite of ${s.path} dropped ${s.key}. Adding it back with "${s.value}".`,
    (s) => `${s.key} went missing from staging when I rewrote ${s.path}; restoring it.`,
  ],
  submit_done: [
    () => 'All configuration tests pass. Submitting.',
    () => 'Staging has the new settings and production is unchanged. Done.',
  ],
  submit_unverified: [(s) => `The staging settings are in place (${s.keys}). Submitting.`],
  submit_giveup: [
    () => 'I could not get the configuration tests to pass. Submitting the current state.',
  ],
  repeat_read_file: [(s) => `Let me look at ${s.path} again.`, (s) => `Re-reading ${s.path}.`],
  repeat_run_tests: [
    () => 'Let me run the tests again.',
    () => 'Running the suite once more to be sure.',
  ],
  repeat_list_dir: [
    (s) => `Let me list ${s.dir === '' ? 'the repository root' : `${s.dir}/`} again.`,
  ],
  repeat_grep: [(s) => `Searching for ${s.pattern} again.`],
};
