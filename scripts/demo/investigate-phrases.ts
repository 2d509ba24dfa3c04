// Wording of the investigate agent's thoughts, by intent.

import type { Phrases } from './phrasing';

export interface InvestigateSlots {
  path: string;
  dir: string;
  pattern: string;
  answer: string;
  evidence: string;
}

export const INVESTIGATE_PHRASES: Readonly<Record<string, Phrases<InvestigateSlots>>> = {
  list_root: [
    () => 'Let me get an overview of the repository.',
    () => 'Starting with the top-level layout.',
  ],
  list_dir: [(s) => `Let me see what is in ${s.dir}/.`, (s) => `Listing ${s.dir}/.`],
  grep: [
    (s) => `Searching the code for ${s.pattern}.`,
    (s) => `Let me grep for "${s.pattern}" to find where it is defined or used.`,
    (s) => `A search for ${s.pattern} should point me to the right file.`,
  ],
  read_truth: [
    (s) => `The value is imported from ${s.path}; reading it.`,
    (s) => `${s.path} should hold the actual definition. Let me open it.`,
  ],
  read_entry: [
    (s) => `Let me read ${s.path}, which looks like where this is used.`,
    (s) => `Opening ${s.path}.`,
  ],
  read_doc: [
    (s) => `The documentation may state it directly; reading ${s.path}.`,
    (s) => `Let me check ${s.path}.`,
  ],
  read_other: [(s) => `Let me look at ${s.path}.`],
  submit_answer: [
    (s) => `${s.evidence} So the answer is ${s.answer}.`,
    (s) => `The source settles it: ${s.evidence} Submitting ${s.answer}.`,
  ],
  submit_sloppy: [
    (s) => `Found it in ${s.path}. The answer is ${s.answer}.`,
    (s) => `${s.path} defines it, so I will answer ${s.answer}.`,
  ],
  submit_decoy: [
    (s) => `The documentation says ${s.evidence}. That answers the question: ${s.answer}.`,
    (s) => `According to the docs (${s.evidence}), the answer is ${s.answer}.`,
  ],
  submit_guess: [() => 'I could not find a definitive answer; submitting my best guess.'],
  repeat_read_file: [(s) => `Let me read ${s.path} again.`],
  repeat_grep: [(s) => `Searching for ${s.pattern} once more.`],
  repeat_list_dir: [
    (s) => `Let me list ${s.dir === '' ? 'the repository root' : `${s.dir}/`} again.`,
  ],
};
