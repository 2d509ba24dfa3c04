// The bulk SQL credit agrees with the reference formulas of shared/credit.ts to 1e-9 on
// generated data: groups of mixed sizes (singleton, zero variance, a missing reward), segments
// with and without log-probs, thoughts before actions, and labels from every source.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bestOfN,
  CreditParamsSchema,
  failureStep,
  grpoAdvantages,
  drGrpoAdvantages,
  stepProgressAdvantage,
  trajectoryScore,
  triageCredit,
  whiten,
  type CreditParams,
} from '../../shared/credit';
import { ROLE_LABELS, type RoleLabel } from '../../shared/model';
import { runImport } from '../import/run-import';
import { Workspace } from '../store/workspace';
import { tempDir, writeJsonl } from '../testing/test-support';
import { runCredit } from './run-credit';
import { ensureSegments } from './segments-store';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** A small deterministic PRNG (mulberry32), so failures reproduce. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Generated {
  id: string;
  group: string;
  sample: number;
  reward: number | null;
  /** Per turn index: the assistant turn's per-token lists, when it has them. */
  logprobs: Map<number, { policy: number[]; ref: number[] }>;
  record: Record<string, unknown>;
}

function generate(random: () => number): Generated[] {
  const out: Generated[] = [];
  const groups = [
    ['g-mixed', 6],
    ['g-small', 3],
    ['g-single', 1],
    ['g-flat', 4],
  ] as const;
  for (const [group, size] of groups) {
    for (let sample = 0; sample < size; sample += 1) {
      const id = `${group}-s${sample}`;
      let reward: number | null = group === 'g-flat' ? 0.5 : Math.round(random() * 4) / 4; // ties on purpose
      if (group === 'g-mixed' && sample === 5) reward = null;
      const messages: Record<string, unknown>[] = [
        { role: 'system', content: 'agent' },
        { role: 'user', content: `task ${group}` },
      ];
      const logprobs = new Map<number, { policy: number[]; ref: number[] }>();
      const steps = 1 + Math.floor(random() * 5);
      for (let step = 0; step < steps; step += 1) {
        if (random() < 0.3) messages.push({ role: 'assistant', content: `thinking ${step}` });
        const tokens = 1 + Math.floor(random() * 6);
        const assistant: Record<string, unknown> = {
          role: 'assistant',
          content: '',
          tool_calls: [
            {
              id: `c${step}`,
              type: 'function',
              function: { name: 'run', arguments: `{"n":${Math.floor(random() * 3)}}` },
            },
          ],
        };
        if (random() < 0.85) {
          const policy = Array.from({ length: tokens }, () => -random() * 3);
          const ref = Array.from({ length: tokens }, () => -random() * 3);
          Object.assign(assistant, { logp_policy: policy, logp_ref: ref });
          logprobs.set(messages.length, { policy, ref });
        }
        messages.push(assistant);
        messages.push({ role: 'tool', tool_call_id: `c${step}`, content: `out ${step}` });
      }
      out.push({
        id,
        group,
        sample,
        reward,
        logprobs,
        record: {
          trajectory_id: id,
          task_id: group,
          group_id: group,
          sample_index: sample,
          reward,
          messages,
        },
      });
    }
  }
  return out;
}

interface SegmentRow {
  trajectory_id: string;
  segment_index: number;
  turn_start: number;
  turn_end: number;
}

function close(actual: unknown, expected: number | null | boolean) {
  if (expected === null) expect(actual).toBeNull();
  else if (typeof expected === 'boolean') expect(actual).toBe(expected);
  else expect(Math.abs(Number(actual) - expected)).toBeLessThan(1e-9);
}

describe('credit: SQL bulk computation agrees with the reference formulas', () => {
  let workspace: Workspace;
  let data: Generated[];
  const labels = new Map<string, RoleLabel>();

  beforeAll(async () => {
    data = generate(prng(7));
    const file = writeJsonl(
      path.join(tmp.dir, 'gen.jsonl'),
      data.map((d) => d.record),
    );
    workspace = await Workspace.open(path.join(tmp.dir, 'credit.duckdb'));
    const never = new AbortController().signal;
    await runImport(
      workspace,
      { paths: [file], format: 'turnwise', onError: 'abort' },
      () => {},
      never,
    );
    await runCredit(
      workspace,
      { scope: {}, segmentation: 'action', params: CreditParamsSchema.parse({}) },
      () => {},
      never,
    );
    // Labels from every source on a random third of the segments; human must win.
    const random = prng(11);
    const segments = (await workspace.query(
      'SELECT * FROM tw_segments',
    )) as unknown as SegmentRow[];
    let n = 0;
    for (const s of segments) {
      if (random() > 0.35) continue;
      const role = ROLE_LABELS[Math.floor(random() * 4)] as RoleLabel;
      const other = ROLE_LABELS[Math.floor(random() * 4)] as RoleLabel;
      const id = `gen:${s.trajectory_id}`;
      for (const [source, label] of [
        ['heuristic:t/1', other],
        ['human:ann', role],
      ] as const) {
        n += 1;
        await workspace.run(
          `INSERT INTO tw_labels VALUES ('l${n}', '${id}', ${s.segment_index}, '${label}', '${source}',
             NULL, NULL, now(), 'action')`,
        );
      }
      labels.set(`${id}#${s.segment_index}`, role);
    }
  });
  afterAll(() => workspace.close());

  const cases: Partial<CreditParams>[] = [
    {},
    { lambda: 0.4, beta: 0.5, token_agg: 'sum', step_agg: 'mean', std: 'population' },
    {
      token_agg: 'last',
      step_agg: 'bottom10',
      failure_method: 'sharpest_drop',
      advantage: 'dr_grpo',
    },
    { token_agg: 'min', step_agg: 'last', failure_method: 'sharpest_abs_drop', whiten: true },
    { token_agg: 'max', step_agg: 'max', eps: 0.01 },
    { token_agg: 'mean', step_agg: 'sum' },
  ];

  it.each(cases)('params %o', async (given) => {
    const params = CreditParamsSchema.parse(given);
    const never = new AbortController().signal;
    await runCredit(workspace, { scope: {}, segmentation: 'action', params }, () => {}, never);
    const segments = (await workspace.query(
      'SELECT * FROM tw_segments WHERE segmentation = $1 ORDER BY trajectory_id, segment_index',
      ['action'],
    )) as unknown as SegmentRow[];
    const credit = new Map(
      (await workspace.query('SELECT * FROM tw_credit')).map((r) => [
        `${r.trajectory_id}#${r.segment_index}`,
        r,
      ]),
    );
    const scores = new Map(
      (await workspace.query('SELECT * FROM tw_trajectory_scores')).map((r) => [
        r.trajectory_id,
        r,
      ]),
    );

    // Outcome advantages per group, in sample order.
    const outcome = new Map<string, number | null>();
    for (const group of new Set(data.map((d) => d.group))) {
      const members = data.filter((d) => d.group === group).sort((a, b) => a.sample - b.sample);
      const rewards = members.map((m) => m.reward);
      const result =
        params.advantage === 'grpo'
          ? grpoAdvantages(rewards, { std: params.std, eps: params.eps })
          : drGrpoAdvantages(rewards);
      members.forEach((m, i) => outcome.set(`gen:${m.id}`, result.advantages[i] ?? null));
    }
    // Per segment: progress advantage, TRIAGE total (whitened over the batch when asked).
    const expected = segments.map((s) => {
      const d = data.find((g) => `gen:${g.id}` === s.trajectory_id) as Generated;
      const policy: number[] = [];
      const ref: number[] = [];
      for (let t = s.turn_start; t <= s.turn_end; t += 1) {
        const lists = d.logprobs.get(t);
        if (lists) {
          policy.push(...lists.policy);
          ref.push(...lists.ref);
        }
      }
      const hasLists = [...d.logprobs.keys()].some((t) => t >= s.turn_start && t <= s.turn_end);
      const a = outcome.get(s.trajectory_id) ?? null;
      const role = labels.get(`${s.trajectory_id}#${s.segment_index}`) ?? null;
      return {
        key: `${s.trajectory_id}#${s.segment_index}`,
        s,
        progress: hasLists
          ? stepProgressAdvantage(policy, ref, params.beta, params.token_agg)
          : null,
        outcome: a,
        raw: triageCredit(a, role, params.lambda),
      };
    });
    const totals = params.whiten ? whiten(expected.map((e) => e.raw)) : expected.map((e) => e.raw);
    expected.forEach((e, i) => {
      const row = credit.get(e.key);
      close(row?.progress_advantage, e.progress);
      close(row?.outcome_advantage, e.outcome);
      close(row?.total, totals[i] ?? null);
    });
    // Trajectory scores: step aggregate, failure step (as the action's turn) and best-of-N.
    const best = new Map<string, boolean | null>();
    for (const group of new Set(data.map((d) => d.group))) {
      const members = data.filter((d) => d.group === group).sort((a, b) => a.sample - b.sample);
      const memberScores = members.map((m) => {
        const steps = expected.filter(
          (e) => e.s.trajectory_id === `gen:${m.id}` && e.progress !== null,
        );
        return trajectoryScore(
          steps.map((e) => e.progress as number),
          params.step_agg,
        );
      });
      const winner = bestOfN(memberScores);
      members.forEach((m, i) =>
        best.set(`gen:${m.id}`, memberScores[i] === null ? null : i === winner),
      );
    }
    for (const d of data) {
      const id = `gen:${d.id}`;
      const steps = expected.filter((e) => e.s.trajectory_id === id && e.progress !== null);
      const advantages = steps.map((e) => e.progress as number);
      const row = scores.get(id);
      close(row?.progress_score, trajectoryScore(advantages, params.step_agg));
      const step = failureStep(advantages, params.failure_method);
      expect(row?.failure_step).toBe(step === null ? null : steps[step]?.s.turn_end);
      expect(row?.best_in_group).toBe(best.get(id));
      close(row?.outcome_advantage, outcome.get(id) ?? null);
    }
    expect(scores.get('gen:g-single-s0')?.group_flag).toBe('singleton');
    expect(scores.get('gen:g-flat-s0')?.group_flag).toBe('zero_variance');
  });
});

describe('segments', () => {
  it('concurrent callers write each trajectory segments once', async () => {
    const workspace = await Workspace.open(path.join(tmp.dir, 'segments.duckdb'));
    const file = writeJsonl(
      path.join(tmp.dir, 'few.jsonl'),
      generate(prng(3)).map((d) => d.record),
    );
    const never = new AbortController().signal;
    await runImport(
      workspace,
      { paths: [file], format: 'turnwise', onError: 'abort' },
      () => {},
      never,
    );
    const written = await Promise.all([
      ensureSegments(workspace, {}, 'action'),
      ensureSegments(workspace, { dataset_id: 'few' }, 'action'),
      ensureSegments(workspace, {}, 'action'),
    ]);
    const [row] = await workspace.query(
      `SELECT count(*) AS n, count(DISTINCT (trajectory_id, segment_index)) AS distinct_n,
              (SELECT sum(n_actions) FROM tw_trajectories) AS actions FROM tw_segments`,
    );
    expect(written[0]).toBe(Number(row?.actions));
    expect(written.slice(1)).toEqual([0, 0]);
    expect(row?.n).toBe(row?.distinct_n);
    workspace.close();
  });
});
