// One synthetic agent trajectory of N turns in the `turnwise` format (OpenAI messages): a system
// prompt and a task, then assistant turns that call a tool (a third of them with reasoning, some
// with a short remark) each answered by a tool observation of a few hundred characters to a few
// kB, one in twenty long (20-60 kB: full test logs, large files). Deterministic for a seed.
import { seededRandom } from '../../shared/seeded-random';

const TOOLS = ['read_file', 'run_tests', 'search', 'edit_file', 'list_dir'] as const;

const LINES = [
  'def page_offset(page, size):',
  '    """Index of the first item on a 1-based page."""',
  '    return (page - 1) * size',
  'tests/test_pager.py::test_offset_first_page PASSED',
  'tests/test_pager.py::test_offset_second_page FAILED',
  'E   AssertionError: assert 10 == 0',
  'src/stockroom/inventory.py:42: in restock',
  '    quantity = int(row["qty"]) + delta',
  'Traceback (most recent call last):',
  '  File "src/stockroom/cli.py", line 88, in main',
  "KeyError: 'warehouse'",
  'import logging, json, pathlib',
  '=========== 12 passed, 1 failed in 0.84s ===========',
];

function text(next: () => number, chars: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let n = 1; length < chars; n++) {
    const line = `${String(n).padStart(5)}\t${LINES[Math.floor(next() * LINES.length)]}`;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n').slice(0, chars);
}

function observationChars(next: () => number): number {
  const roll = next();
  if (roll < 0.05) return 20_000 + Math.floor(next() * 40_000);
  if (roll < 0.35) return 1_500 + Math.floor(next() * 3_000);
  return 200 + Math.floor(next() * 1_000);
}

export function longTrajectory(id: string, turns: number, seed = 7): Record<string, unknown> {
  const next = seededRandom(seed);
  const messages: Record<string, unknown>[] = [
    {
      role: 'system',
      content:
        'You are an autonomous software engineering agent working in a sandboxed repository. ' +
        'Act through the provided tools, one call per turn, and verify your work with run_tests.',
    },
    {
      role: 'user',
      content: `Fix the failing tests of the stockroom library (task ${id}). Do not edit the tests.`,
    },
  ];
  for (let step = 0; messages.length < turns; step++) {
    const tool = TOOLS[Math.floor(next() * TOOLS.length)] ?? 'read_file';
    const callId = `call_${seed}_${step}`;
    const args =
      tool === 'edit_file'
        ? { path: `src/stockroom/module_${step % 40}.py`, patch: text(next, 300) }
        : { path: `src/stockroom/module_${step % 40}.py`, query: `step ${step}` };
    messages.push({
      role: 'assistant',
      content: next() < 0.2 ? `Step ${step}: checking ${args.path} before changing it.` : null,
      ...(next() < 0.35 ? { reasoning: text(next, 150 + Math.floor(next() * 500)) } : {}),
      tool_calls: [
        { id: callId, type: 'function', function: { name: tool, arguments: JSON.stringify(args) } },
      ],
    });
    if (messages.length >= turns) break;
    messages.push({
      role: 'tool',
      tool_call_id: callId,
      name: tool,
      content: text(next, observationChars(next)),
    });
  }
  return {
    trajectory_id: id,
    task_id: 'long-task',
    group_id: 'long-task',
    model: 'policy-7b-step300',
    reward: 0,
    success: false,
    messages,
  };
}
