// Which language a piece of code is in, from what the transcript says about it: a fence's info
// string, a file name in a sibling argument (`path`, `file_path`), or the tool that runs it.
// Names are highlight.js language names (code-tokens.ts colours with its grammars).

const EXTENSIONS: Record<string, string> = {
  py: 'python',
  pyi: 'python',
  ipynb: 'json',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  go: 'go',
  rs: 'rust',
  java: 'java',
  kt: 'kotlin',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  rb: 'ruby',
  php: 'php',
  swift: 'swift',
  lua: 'lua',
  r: 'r',
  pl: 'perl',
  sql: 'sql',
  json: 'json',
  jsonl: 'json',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'ini',
  ini: 'ini',
  cfg: 'ini',
  md: 'markdown',
  html: 'xml',
  xml: 'xml',
  svg: 'xml',
  css: 'css',
  scss: 'scss',
  less: 'less',
  diff: 'diff',
  patch: 'diff',
  mk: 'makefile',
  graphql: 'graphql',
};
const FILE_NAMES: Record<string, string> = {
  makefile: 'makefile',
  dockerfile: 'bash',
  'setup.cfg': 'ini',
  'pyproject.toml': 'ini',
};
// Aliases people write after ``` that highlight.js does not register under that name.
const FENCE_ALIASES: Record<string, string> = {
  py: 'python',
  python3: 'python',
  sh: 'bash',
  shell: 'bash',
  console: 'bash',
  zsh: 'bash',
  js: 'javascript',
  ts: 'typescript',
  yml: 'yaml',
  patch: 'diff',
  'c++': 'cpp',
  text: 'plaintext',
  txt: 'plaintext',
};
const PATH_FIELDS = [
  'path',
  'file_path',
  'filepath',
  'filename',
  'file',
  'target_file',
  'file_name',
];
const TOOL_LANGUAGES: ReadonlyArray<readonly [RegExp, string]> = [
  [/python|ipython|jupyter|run_code/i, 'python'],
  [/bash|shell|terminal|execute|exec|run_(command|shell|script)|cmd/i, 'bash'],
  [/sql|query_db/i, 'sql'],
];
const COMMAND_FIELDS = /^(command|cmd|commands|script)$/i;

/** The language of a file by its name, or null. */
export function languageOfPath(filePath: string): string | null {
  const name = filePath.trim().split(/[\\/]/).pop()?.toLowerCase() ?? '';
  if (FILE_NAMES[name] !== undefined) return FILE_NAMES[name];
  const dot = name.lastIndexOf('.');
  return dot > 0 ? (EXTENSIONS[name.slice(dot + 1)] ?? null) : null;
}

/** The language a fence names (```py), normalised; null when it names none. */
export function languageOfFence(info: string): string | null {
  const word = info.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (word === '') return null;
  return FENCE_ALIASES[word] ?? word;
}

/**
 * The language of one string argument: a file it writes (a sibling path field), else what the
 * tool runs (a Python tool's code, a shell tool's command), else null (detected from the text).
 */
export function languageOfArgument(
  tool: string,
  field: string,
  args: Record<string, unknown>,
): string | null {
  if (!COMMAND_FIELDS.test(field)) {
    for (const name of PATH_FIELDS) {
      const value = args[name];
      if (typeof value === 'string' && name !== field) {
        const language = languageOfPath(value);
        if (language !== null) return language;
      }
    }
  }
  for (const [pattern, language] of TOOL_LANGUAGES) if (pattern.test(tool)) return language;
  return COMMAND_FIELDS.test(field) ? 'bash' : null;
}

// Signatures of the languages agents write most, strongest first. highlight.js's own detection
// is unreliable on short snippets (it takes a Python function for CSS), so it is not used.
const SIGNATURES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(diff --git |@@ -\d+(,\d+)? \+\d+(,\d+)? @@)/m, 'diff'],
  [
    /^\s*(def \w+\(.*\)( -> .+)?:|class \w+(\(.*\))?:|from [\w.]+ import |import \w+(\.\w+)*$|if __name__ == )/m,
    'python',
  ],
  [/^\s*(#include\s*<|int main\s*\(|std::|template\s*<)/m, 'cpp'],
  [/^\s*(package \w+$|func (\(\w+ \*?\w+\) )?\w+\(|import \($)/m, 'go'],
  [/^\s*(fn \w+|use (std|crate)::|impl\b|let mut )/m, 'rust'],
  [
    /^\s*(interface \w+ \{|type \w+ = |export (default |const |function |interface )|import .* from ['"])/m,
    'typescript',
  ],
  [/^\s*(const|let|var) \w+ = |function \w+\(|=> \{|console\.log\(|require\(['"]/m, 'javascript'],
  [/^\s*(public |private )?(class|interface) \w+ .*\{$|public static void main/m, 'java'],
  [/^\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|CREATE TABLE|WITH \w+ AS)\b/im, 'sql'],
  [
    /^#!.*\b(ba|z)?sh\b|^\s*(\$ )?(cd|ls|cat|grep|echo|export|pip|git|python3?|npm|sed|find|mkdir|rm|cp|mv|curl|chmod|apt-get|source)\s/m,
    'bash',
  ],
  [/^\s*[{[][\s\S]*[}\]]\s*$/, 'json'],
];

/** The language text looks written in, by its strongest signature; null when none matches. */
export function guessLanguage(text: string): string | null {
  const head = text.slice(0, 4000);
  for (const [pattern, language] of SIGNATURES) if (pattern.test(head)) return language;
  return null;
}
