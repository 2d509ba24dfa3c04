// Every rule of the heuristic rule set on small hand-built trajectories, plus the precedence
// between rules and the per-segment choice for segments holding several actions.
import { describe, expect, it } from 'vitest';
import { segmentTurns } from '../../../shared/segments';
import { RULES, labelSteps, labelTrajectory, type HeuristicTurn } from './ruleset';

type Step = [name: string, args: Record<string, unknown>, observation: string | null];

/** system, user, then per step an assistant tool call and (unless null) its tool result. */
function trajectory(steps: Step[]): HeuristicTurn[] {
  const turns: HeuristicTurn[] = [
    {
      turn_index: 0,
      role: 'system',
      content: 'You are an agent.',
      tool_calls: [],
      is_action: false,
    },
    { turn_index: 1, role: 'user', content: 'Fix the bug.', tool_calls: [], is_action: false },
  ];
  for (const [name, args, observation] of steps) {
    turns.push({
      turn_index: turns.length,
      role: 'assistant',
      content: '',
      tool_calls: [{ name, arguments: JSON.stringify(args) }],
      is_action: true,
    });
    if (observation !== null)
      turns.push({
        turn_index: turns.length,
        role: 'tool',
        content: observation,
        tool_calls: [],
        is_action: false,
      });
  }
  return turns;
}

function rulesOf(steps: Step[], success: boolean | null = null): string[] {
  return labelSteps(trajectory(steps), success).map((label) => label.rule);
}

const pytest = (failed: number, passed: number) =>
  `===== test session starts =====\ncollected ${failed + passed} items\n\n` +
  `${'='.repeat(20)} ${failed > 0 ? `${failed} failed, ` : ''}${passed} passed in 0.08s ${'='.repeat(20)}`;

describe('heuristic rules', () => {
  it('lists the rules in precedence order with a role and a one-line rationale', () => {
    expect(RULES.map((r) => r.name)).toEqual([
      'repeated_action_same_observation',
      'repeated_failed_action',
      'test_file_modified',
      'finishing_action_of_success',
      'finishing_action_of_failure',
      'tests_got_worse',
      'failed_action',
      'tests_got_better',
      'last_state_change_before_success',
      'unverified_state_change',
      'new_information',
      'no_new_information',
    ]);
    for (const rule of RULES) expect(rule.rationale).toMatch(/^[^\n]{10,100}$/);
  });

  it('repeated_action_same_observation: the same look-up with the same answer is a regression', () => {
    const steps: Step[] = [
      ['read_file', { path: 'a.py' }, 'x = 1'],
      ['list_dir', { path: '.' }, 'a.py\nb.py'],
      ['read_file', { path: 'a.py' }, 'x  =  1'], // whitespace differences do not count
    ];
    expect(rulesOf(steps)).toEqual([
      'new_information',
      'new_information',
      'repeated_action_same_observation',
    ]);
    const labels = labelSteps(trajectory(steps), null);
    expect(labels[2]).toMatchObject({ role_label: 'regression', turn_index: 6 });
    expect(labels[2]?.rationale).toBe(
      'repeated_action_same_observation: repeats an earlier action and gets the same ' +
        'observation: no new information (repeats turn 2)',
    );
  });

  it('repeated_action_same_observation: not after a state change, nor with a new observation', () => {
    expect(
      rulesOf([
        ['run_tests', {}, pytest(1, 3)],
        ['edit_file', { path: 'a.py', old: 'x', new: 'y' }, 'Edited a.py'],
        ['run_tests', {}, pytest(1, 3)], // checks the edit: new information about it
        ['read_file', { path: 'a.py' }, 'y = 1'],
        ['read_file', { path: 'a.py' }, 'y = 2'], // the file changed under the agent
      ]),
    ).toEqual([
      'new_information',
      'unverified_state_change',
      'no_new_information',
      'new_information',
      'new_information',
    ]);
  });

  it('repeated_failed_action: repeating an action right after it failed is a regression', () => {
    expect(
      rulesOf([
        ['edit_file', { path: 'a.py', old: 'zz' }, 'Error: old_str not found (attempt 1)'],
        ['edit_file', { path: 'a.py', old: 'zz' }, 'Error: old_str not found (attempt 2)'],
        ['read_file', { path: 'missing.py' }, 'Error: no such file'],
        ['read_file', { path: 'other.py' }, 'y = 2'],
      ]),
    ).toEqual(['failed_action', 'repeated_failed_action', 'failed_action', 'new_information']);
  });

  it('test_file_modified: an in-place edit of a test, or an overwrite of a read test, regresses', () => {
    expect(
      rulesOf([
        ['read_file', { path: 'tests/test_a.py' }, 'assert f() == 1'],
        ['edit_file', { path: 'tests/test_a.py', old: '1', new: '2' }, 'Edited'],
        ['write_file', { path: 'tests/test_a.py', content: '' }, 'Wrote'],
        ['write_file', { path: 'tests/test_new.py', content: 'assert True' }, 'Wrote new'],
        ['bash', { command: "sed -i 's/1/2/' tests/test_b.py" }, ''],
      ]),
    ).toEqual([
      'new_information',
      'test_file_modified',
      'test_file_modified',
      'unverified_state_change', // a new test file is allowed
      'test_file_modified',
    ]);
  });

  it('finishing_action_of_success / _of_failure: the final submit takes the outcome', () => {
    const steps: Step[] = [
      ['read_file', { path: 'a.py' }, 'x = 1'],
      ['submit', { summary: 'done' }, 'Submission received.'],
    ];
    expect(rulesOf(steps, true)).toEqual(['new_information', 'finishing_action_of_success']);
    expect(rulesOf(steps, false)).toEqual(['new_information', 'finishing_action_of_failure']);
    // Unknown outcome: a finish is a state change without evidence.
    expect(rulesOf(steps, null)).toEqual(['new_information', 'unverified_state_change']);
  });

  it('tests_got_worse / tests_got_better: judged by the next run of the same tests', () => {
    expect(
      rulesOf([
        ['run_tests', {}, pytest(2, 10)],
        ['edit_file', { path: 'src/a.py', old: 'a', new: 'b' }, 'Edited src/a.py'],
        ['read_file', { path: 'src/b.py' }, 'z = 3'],
        ['run_tests', {}, pytest(3, 9)],
        ['edit_file', { path: 'src/a.py', old: 'b', new: 'c' }, 'Edited src/a.py again'],
        ['edit_file', { path: 'src/b.py', old: 'z', new: 'w' }, 'Edited src/b.py'],
        ['run_tests', {}, pytest(0, 12)],
        ['run_tests', { path: 'tests/test_b.py' }, pytest(1, 1)], // another suite: not compared
      ]),
    ).toEqual([
      'new_information',
      'tests_got_worse',
      'new_information',
      'new_information',
      'unverified_state_change',
      'tests_got_better', // the last change before the improving run takes the credit
      'new_information',
      'new_information',
    ]);
  });

  it('failed_action: a tool error moves nothing', () => {
    expect(
      rulesOf([
        ['bash', { command: 'cat nope.txt' }, 'cat: nope.txt: No such file or directory'],
        ['write_file', { path: 'a.py' }, '{"error": "permission denied"}'],
      ]),
    ).toEqual(['failed_action', 'failed_action']);
  });

  it('last_state_change_before_success: only the last change that went through, only in success', () => {
    const steps: Step[] = [
      ['write_file', { path: 'config.ini', content: 'a' }, 'Wrote config.ini'],
      ['write_file', { path: 'notes.md', content: 'b' }, 'Wrote notes.md'],
      ['edit_file', { path: 'x.py', old: 'q' }, 'Error: old_str not found'],
      ['list_dir', {}, 'config.ini\nnotes.md'],
    ];
    expect(rulesOf(steps, true)).toEqual([
      'unverified_state_change',
      'last_state_change_before_success',
      'failed_action',
      'new_information',
    ]);
    expect(rulesOf(steps, false)[1]).toBe('unverified_state_change');
  });

  it('unverified_state_change, new_information, no_new_information', () => {
    expect(
      rulesOf([
        ['create_user', { name: 'ada' }, 'created'],
        ['get_user', { name: 'ada' }, '{"name": "ada"}'],
        ['find_user', { name: 'ada' }, '{"name": "ada"}'], // another call, same answer
        ['search', { q: 'nothing' }, ''],
        ['think', { thought: 'hmm' }, null],
      ]),
    ).toEqual([
      'unverified_state_change',
      'new_information',
      'no_new_information',
      'no_new_information',
      'no_new_information',
    ]);
  });

  it('precedence: a repeat beats a failure, a failure beats the success rule', () => {
    expect(
      rulesOf([
        ['edit_file', { path: 'a.py', old: 'q' }, 'Error: old_str not found'],
        ['edit_file', { path: 'a.py', old: 'q' }, 'Error: old_str not found'],
      ]),
    ).toEqual(['failed_action', 'repeated_action_same_observation']);
    expect(rulesOf([['write_file', { path: 'a.py' }, 'Error: disk full']], true)).toEqual([
      'failed_action',
    ]);
  });

  it('labels segments, taking the highest-precedence step inside a window', () => {
    const turns = trajectory([
      ['read_file', { path: 'a.py' }, 'x = 1'],
      ['read_file', { path: 'a.py' }, 'x = 1'],
      ['list_dir', {}, 'a.py'],
    ]);
    const byAction = labelTrajectory({
      turns,
      segments: segmentTurns(turns, 'action'),
      success: null,
    });
    expect(byAction.map((l) => [l.segment_index, l.role_label])).toEqual([
      [0, 'useful_exploration'],
      [1, 'regression'],
      [2, 'useful_exploration'],
    ]);
    const windows = labelTrajectory({
      turns,
      segments: segmentTurns(turns, 'window:2'),
      success: null,
    });
    expect(windows.map((l) => [l.segment_index, l.role_label, l.rule])).toEqual([
      [0, 'regression', 'repeated_action_same_observation'],
      [1, 'useful_exploration', 'new_information'],
    ]);
    expect(windows[0]?.rationale).toMatch(/^turn 4: repeated_action_same_observation: /);
  });

  it('reads text actions without tool calls (fenced shell blocks, ReAct verbs)', () => {
    const turns: HeuristicTurn[] = [
      { turn_index: 0, role: 'user', content: 'Go.', tool_calls: [], is_action: false },
      {
        turn_index: 1,
        role: 'assistant',
        content: 'THOUGHT: fix it\n```bash\nsed -i s/a/b/ src/x.py\n```',
        tool_calls: [],
        is_action: true,
      },
      { turn_index: 2, role: 'user', content: '', tool_calls: [], is_action: false },
      {
        turn_index: 3,
        role: 'assistant',
        content: '```bash\necho COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n```',
        tool_calls: [],
        is_action: true,
      },
    ];
    expect(labelSteps(turns, true).map((l) => l.rule)).toEqual([
      'last_state_change_before_success',
      'finishing_action_of_success',
    ]);
  });
});
