import { describe, expect, it } from 'vitest';
import {
  buildJudgeContext,
  clip,
  CONTEXT_LIMITS,
  wholeText,
  type JudgeSegment,
  type JudgeTurn,
} from './judge-context';

function turn(turn_index: number, role: string, content: string, extra: Partial<JudgeTurn> = {}) {
  return {
    turn_index,
    role,
    content: wholeText(content),
    reasoning: null,
    tool_calls: [],
    is_action: false,
    ...extra,
  } satisfies JudgeTurn;
}

function action(turn_index: number, name: string, args: object, thought?: string): JudgeTurn {
  return turn(turn_index, 'assistant', '', {
    is_action: true,
    reasoning: thought === undefined ? null : wholeText(thought),
    tool_calls: [{ id: `c${turn_index}`, name, arguments: JSON.stringify(args) }],
  });
}

/** system, user, then n (action, observation) pairs: action k at turn 2k, observation at 2k+1. */
function trajectory(n: number): JudgeTurn[] {
  const turns = [turn(0, 'system', 'You are an agent.'), turn(1, 'user', 'Fix the pager bug.')];
  for (let k = 1; k <= n; k++) {
    turns.push(action(2 * k, `tool_${k}`, { step: k }, `thought ${k}`));
    turns.push(turn(2 * k + 1, 'tool', `observation ${k}`));
  }
  return turns;
}

const segmentOf = (k: number): JudgeSegment => ({
  segment_index: k - 1,
  turn_start: 2 * k,
  turn_end: 2 * k,
});

describe('the judge context (TRIAGE)', () => {
  it('holds the task, the target thought/action/observation and 5 pairs each side', () => {
    const context = buildJudgeContext(trajectory(12), segmentOf(7));
    expect(context).toMatch(/^# Task\nFix the pager bug\./);
    const [, target] = context.split('# The segment to judge: step 7\n');
    expect(target).toMatch(
      /^Thought:\n {4}thought 7\nAction: tool_7 \{"step":7\}\nObservation:\n {4}observation 7/,
    );
    for (const k of [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]) {
      expect(context).toContain(
        `## Step ${k}\nAction: tool_${k} {"step":${k}}\nObservation:\n    observation ${k}`,
      );
    }
    expect(context).not.toContain('tool_1 '); // step 1 is the sixth earlier step
    expect(context).toContain('# Earlier steps (1 step before these not shown)');
    expect(context).toContain('# Later steps\n');
    // Neighbours show action and observation only; the target's own thought is shown.
    expect(context).not.toContain('thought 6');
    expect(context).not.toContain('You are an agent.');
    // Earlier steps come before the target, later ones after it.
    expect(context.indexOf('## Step 6')).toBeLessThan(context.indexOf('# The segment to judge'));
    expect(context.indexOf('## Step 8')).toBeGreaterThan(context.indexOf('# The segment to judge'));
  });

  it('says when there is nothing before or after', () => {
    const first = buildJudgeContext(trajectory(1), segmentOf(1));
    expect(first).toContain('# Earlier steps\n(none: this is the first step)');
    expect(first).toContain('# Later steps\n(none: this is the last step)');
  });

  it('clips long texts, keeping the start and the end and marking the cut', () => {
    const long = `START ${'x'.repeat(20_000)} END`;
    const turns = trajectory(3);
    turns[3] = turn(3, 'tool', long); // the observation of step 1
    const context = buildJudgeContext(turns, segmentOf(1));
    expect(context).toContain('START');
    expect(context).toContain('END');
    expect(context).toMatch(/\[… \d+ characters omitted …\]/);
    expect(context.length).toBeLessThan(CONTEXT_LIMITS.targetObservation + 2000);
    // As an earlier step of step 3 the same observation gets the smaller budget.
    const later = buildJudgeContext(turns, segmentOf(3));
    const section = later.split('## Step 1')[1]?.split('## Step 2')[0] ?? '';
    expect(section.length).toBeLessThan(CONTEXT_LIMITS.contextObservation + 200);
  });

  it('clips texts read as a head and a tail, counting what was never read', () => {
    const text = { head: 'a'.repeat(8000), tail: 'z'.repeat(4000), length: 50_000 };
    const out = clip(text, 3000);
    expect(out.startsWith('a'.repeat(2000))).toBe(true);
    expect(out.endsWith('z'.repeat(1000))).toBe(true);
    expect(out).toContain('[… 47000 characters omitted …]');
    expect(clip(wholeText('short'), 100)).toBe('short');
  });

  it('never shows the outcome: only the turns given are read', () => {
    const turns = trajectory(4);
    // Whatever else a caller's rows carry (rewards, success flags, metadata), nothing of it shows.
    const decorated = turns.map((t) => ({
      ...t,
      reward: 0.987654,
      success: true,
      metadata: { failure_step: 3, checks_passed: 12 },
    }));
    const plain = buildJudgeContext(turns, segmentOf(2));
    const withOutcome = buildJudgeContext(decorated, segmentOf(2));
    expect(withOutcome).toBe(plain);
    expect(withOutcome).not.toMatch(/0\.987654|failure_step|checks_passed|reward|success/);
  });

  it('renders thoughts in their own turns, text actions and several observations', () => {
    const turns = [
      turn(0, 'user', 'Book a flight.'),
      turn(1, 'assistant', 'I should check availability first.'),
      turn(2, 'assistant', 'search_flights(origin="SFO")', { is_action: true }),
      turn(3, 'tool', 'two flights'),
      turn(4, 'user', 'the cheaper one please'),
      action(5, 'book', { flight: 'UA1' }),
    ];
    const context = buildJudgeContext(turns, { segment_index: 0, turn_start: 1, turn_end: 2 });
    expect(context).toContain(
      'Thought:\n    I should check availability first.\nAction:\n    search_flights(origin="SFO")',
    );
    expect(context).toContain(
      'Observation:\n    two flights\nObservation (user):\n    the cheaper one please',
    );
    expect(context).toContain(
      '## Step 2\nAction: book {"flight":"UA1"}\nObservation: (nothing came back)',
    );
  });

  it('covers every action of a window segment and refuses a segment not in the trajectory', () => {
    const window = buildJudgeContext(trajectory(5), {
      segment_index: 0,
      turn_start: 2,
      turn_end: 6,
    });
    expect(window).toContain('# The segment to judge: steps 1-3');
    expect(window).toContain('# Later steps\n\n## Step 4');
    expect(() =>
      buildJudgeContext(trajectory(2), { segment_index: 9, turn_start: 40, turn_end: 40 }),
    ).toThrow(/does not match/);
  });
});
