// The agent's tools: OpenAI function specs and their implementations over the virtual repo.
// Observations are computed from the current state; edits change it.

import { runPytest } from './pytest-sim';
import type { NativeModules } from './python-runtime';
import type { JsonSchemaProperty, TaskFamily, ToolSpec } from './record-types';
import { VirtualFs } from './virtual-fs';

export type ToolName =
  'list_dir' | 'read_file' | 'grep' | 'edit_file' | 'write_file' | 'run_tests' | 'submit';
export type ToolArgs = Readonly<Record<string, string>>;

const MAX_GREP_LINES = 40;

function spec(
  name: ToolName,
  description: string,
  properties: Record<string, JsonSchemaProperty>,
  required: string[],
): ToolSpec {
  return {
    type: 'function',
    function: { name, description, parameters: { type: 'object', properties, required } },
  };
}

const str = (description: string): JsonSchemaProperty => ({ type: 'string', description });

const LIST_DIR = spec(
  'list_dir',
  'List the entries of a directory in the repository.',
  { path: str('Directory, relative to the repository root. Defaults to ".".') },
  [],
);
const READ_FILE = spec(
  'read_file',
  'Read a file; lines are numbered.',
  { path: str('File path relative to the repository root.') },
  ['path'],
);
const GREP = spec(
  'grep',
  'Search files for a fixed string (case-sensitive). Prints path:line:text for each match.',
  {
    pattern: str('The exact text to look for.'),
    path: str('File or directory to search. Defaults to the whole repository.'),
  },
  ['pattern'],
);
const EDIT_FILE = spec(
  'edit_file',
  'Replace one exact occurrence of old_str with new_str in a file. old_str must match exactly once.',
  {
    path: str('File to edit.'),
    old_str: str('Exact text to replace.'),
    new_str: str('Replacement text.'),
  },
  ['path', 'old_str', 'new_str'],
);
const WRITE_FILE = spec(
  'write_file',
  'Create a file or overwrite it with new content.',
  { path: str('File to write.'), content: str('The complete new file content.') },
  ['path', 'content'],
);
const RUN_TESTS = spec(
  'run_tests',
  'Run the test suite with pytest and return its report.',
  { path: str('Optional test file or directory to run instead of the whole suite.') },
  [],
);
const SUBMIT_WORK = spec(
  'submit',
  'Finish the episode. The repository state is graded afterwards.',
  { summary: str('One line describing what you changed.') },
  ['summary'],
);
const SUBMIT_ANSWER = spec(
  'submit',
  'Finish the episode with your final answer, which is graded.',
  { answer: str('The answer only, without explanation.') },
  ['answer'],
);

/** The tools offered for a task family, in the order they appear in the record. */
export function toolSpecsFor(family: TaskFamily): ToolSpec[] {
  if (family === 'investigate') return [LIST_DIR, READ_FILE, GREP, SUBMIT_ANSWER];
  return [LIST_DIR, READ_FILE, GREP, EDIT_FILE, WRITE_FILE, RUN_TESTS, SUBMIT_WORK];
}

export interface ToolResult {
  observation: string;
  /** The call changed the repository. */
  mutated: boolean;
  /** Set by submit: the summary or answer. */
  submission: string | null;
}

function observe(observation: string): ToolResult {
  return { observation, mutated: false, submission: null };
}

function listDir(fs: VirtualFs, path: string): ToolResult {
  if (fs.isFile(path)) return observe(`list_dir: ${path}: Not a directory`);
  if (!fs.isDir(path)) return observe(`list_dir: ${path}: No such file or directory`);
  return observe(fs.list(path).join('\n'));
}

function readFile(fs: VirtualFs, path: string): ToolResult {
  const content = fs.read(path);
  if (content === undefined) {
    return observe(
      fs.isDir(path)
        ? `read_file: ${path}: Is a directory`
        : `read_file: ${path}: No such file or directory`,
    );
  }
  const lines = content.endsWith('\n') ? content.slice(0, -1).split('\n') : content.split('\n');
  return observe(
    lines.map((line, index) => `${String(index + 1).padStart(6)}\t${line}`).join('\n'),
  );
}

function grep(fs: VirtualFs, pattern: string, path: string): ToolResult {
  if (pattern === '') return observe('grep: empty pattern');
  if (!fs.isFile(path) && !fs.isDir(path))
    return observe(`grep: ${path}: No such file or directory`);
  const matches: string[] = [];
  for (const file of fs.filesUnder(path)) {
    (fs.read(file) as string).split('\n').forEach((line, index) => {
      if (line.includes(pattern)) matches.push(`${file}:${index + 1}:${line}`);
    });
  }
  if (matches.length === 0) return observe(`No matches for "${pattern}".`);
  const shown = matches.slice(0, MAX_GREP_LINES);
  if (matches.length > shown.length)
    shown.push(`... ${matches.length - shown.length} more matches`);
  return observe(shown.join('\n'));
}

function editFile(fs: VirtualFs, path: string, oldStr: string, newStr: string): ToolResult {
  const content = fs.read(path);
  if (content === undefined) return observe(`edit_file: ${path}: No such file or directory`);
  if (oldStr === '') return observe('edit_file: old_str must not be empty');
  const count = content.split(oldStr).length - 1;
  if (count === 0) return observe(`edit_file: old_str not found in ${path}; nothing was changed.`);
  if (count > 1)
    return observe(
      `edit_file: old_str occurs ${count} times in ${path}; make it unique. Nothing was changed.`,
    );
  const at = content.indexOf(oldStr);
  const line = content.slice(0, at).split('\n').length;
  const updated = content.replace(oldStr, () => newStr);
  fs.write(path, updated);
  const snippetLines = updated.split('\n');
  const from = Math.max(0, line - 3);
  const to = Math.min(snippetLines.length, line + newStr.split('\n').length + 2);
  const snippet = snippetLines
    .slice(from, to)
    .map((text, index) => `${String(from + index + 1).padStart(6)}\t${text}`)
    .join('\n');
  return {
    observation: `Edited ${VirtualFs.normalize(path)} at line ${line}. Snippet of the result:\n${snippet}`,
    mutated: updated !== content,
    submission: null,
  };
}

function writeFile(fs: VirtualFs, path: string, content: string): ToolResult {
  if (fs.isDir(path) && !fs.isFile(path) && VirtualFs.normalize(path) !== '') {
    return observe(`write_file: ${path}: Is a directory`);
  }
  const before = fs.read(path);
  fs.write(path, content);
  const verb = before === undefined ? 'Created' : 'Overwrote';
  return {
    observation: `${verb} ${VirtualFs.normalize(path)} (${Buffer.byteLength(content, 'utf8')} bytes).`,
    mutated: before !== content,
    submission: null,
  };
}

/** Runs one tool call against the repository. Unknown tools and bad arguments become error text. */
export function executeTool(
  fs: VirtualFs,
  name: string,
  args: ToolArgs,
  natives?: NativeModules,
): ToolResult {
  const path = args['path'] ?? '.';
  switch (name) {
    case 'list_dir':
      return listDir(fs, path);
    case 'read_file':
      return readFile(fs, path);
    case 'grep':
      return grep(fs, args['pattern'] ?? '', path);
    case 'edit_file':
      return editFile(fs, path, args['old_str'] ?? '', args['new_str'] ?? '');
    case 'write_file':
      return writeFile(fs, path, args['content'] ?? '');
    case 'run_tests':
      return observe(runPytest(fs, { target: args['path'] ?? 'tests', natives }).output);
    case 'submit': {
      const submission = args['answer'] ?? args['summary'] ?? '';
      return {
        observation: 'Submission received. The episode is over.',
        mutated: false,
        submission,
      };
    }
    default:
      return observe(`Unknown tool: ${name}`);
  }
}
