// The 'evaluate' job end to end through dispatch, against the local OpenAI-compatible test server:
// human labels (setLabel) and review items and events (SQL, as the review engine writes them)
// make the suite; the numbers are checked against the hand computation written out below.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInput, JobState } from '../../../shared/api';
import { jobResult } from '../../../shared/job-result';
import type { RoleLabel } from '../../../shared/model';
import { createDispatch } from '../../core/dispatch';
import { callOk, type Dispatcher } from '../../testing/dispatch-test-support';
import { JobRunner } from '../../core/jobs';
import { createService } from '../../service';
import { Workspace } from '../../store/workspace';
import {
  roleForTarget,
  startOpenAIChatServer,
  type OpenAIChatServer,
  type ReplyScript,
} from '../../testing/servers/openai-chat-server';
import { tempDir } from '../../testing/test-support';

const tmp = tempDir();
const VERSION = 'triage-judge/1';
/** Imported trajectory ids are `<dataset>:<id in the file>`. */
const id = (name: string) => `suite:${name}`;

// Trajectory -> its action tools. The test judge answers by tool name: read/run/list/grep ->
// useful_exploration (E), edit/submit -> decisive_progress (D), delete -> regression (R), anything
// else no_progress_infrastructure (N).
const TRAJECTORIES: { name: string; success: boolean; tools: string[] }[] = [
  { name: 'a', success: true, tools: ['read_file', 'edit_file', 'submit', 'grep'] },
  { name: 'b', success: false, tools: ['run_tests', 'list_dir', 'deploy'] },
  { name: 'c', success: true, tools: ['restart_env', 'delete_file'] },
  { name: 'd', success: false, tools: ['read_file', 'submit'] },
];

const reply: ReplyScript = (request) => {
  const target = request.user.split('# The segment to judge')[1] ?? '';
  const action = /Action:\s*(\w+)/.exec(target)?.[1] ?? '';
  const role = action.startsWith('delete') ? 'regression' : roleForTarget(request.user);
  return { answer: { role, rationale: 'Judged by the test server.', confidence: 0.8 } };
};

let workspace: Workspace;
let jobs: JobRunner;
/** The service's dispatch, as an engine would answer. */
let api: Dispatcher;
let server: OpenAIChatServer;

async function evaluate(input: Partial<ApiInput<'startJudgeEval'>>): Promise<JobState> {
  const job = await callOk(api, 'startJudgeEval', { prompt_version: VERSION, ...input });
  expect(job.kind).toBe('evaluate');
  return jobs.wait(job.job_id);
}

async function human(trajectory: string, segment: number, role: RoleLabel, annotator: string) {
  await callOk(api, 'setLabel', {
    trajectory_id: id(trajectory),
    segment_index: segment,
    role_label: role,
    annotator,
  });
}

let sequence = 0;
/** A review item and its events, oldest first, as the review engine writes them. */
async function reviewItem(
  trajectory: string,
  segment: number | null,
  proposed: RoleLabel | null,
  events: { status: string; label?: RoleLabel }[],
) {
  const item = `item-${++sequence}`;
  await workspace.run(
    `INSERT INTO tw_review_items (item_id, kind, trajectory_id, segment_index, proposed, created_at,
       reason, segmentation, evidence)
     VALUES ($1, 'manual', $2, $3, $4, now(), 'test', 'action', '{}')`,
    [item, id(trajectory), segment, proposed],
  );
  for (const [k, event] of events.entries()) {
    await workspace.run(
      `INSERT INTO tw_review_events (item_id, status, decided_label, note, decided_by, decided_at)
       VALUES ($1, $2, $3, NULL, 'tester', TIMESTAMPTZ '2026-01-01 00:00:00+00' + to_seconds($4))`,
      [item, event.status, event.label ?? null, k],
    );
  }
}

async function judgeLabel(trajectory: string, segment: number, role: RoleLabel, model: string) {
  await workspace.run(
    `INSERT INTO tw_labels (label_id, trajectory_id, segment_index, role_label, source, rationale,
       confidence, created_at, segmentation)
     VALUES (gen_random_uuid()::VARCHAR, $1, $2, $3, $4, 'earlier', 0.5, now(), 'action')`,
    [id(trajectory), segment, role, `judge:${VERSION}@${model}`],
  );
}

beforeAll(async () => {
  const file = path.join(tmp.dir, 'suite.jsonl');
  const records = TRAJECTORIES.map(({ name, success, tools }) => ({
    trajectory_id: name,
    task_id: 'task',
    reward: success ? 1 : 0,
    success,
    messages: [
      { role: 'user', content: `Task of ${name}.` },
      ...tools.flatMap((tool, k) => [
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: `c${k}`, type: 'function', function: { name: tool, arguments: '{}' } },
          ],
        },
        { role: 'tool', tool_call_id: `c${k}`, content: `result ${k}` },
      ]),
    ],
  }));
  writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  workspace = await Workspace.open(path.join(tmp.dir, 'ws.duckdb'));
  jobs = new JobRunner();
  api = { dispatch: createDispatch(createService(workspace, jobs)) };
  const imported = await callOk(api, 'startImport', { paths: [file], dataset: 'suite' });
  expect((await jobs.wait(imported.job_id)).error).toBeNull();
  server = await startOpenAIChatServer({ reply });

  // Human labels (the newest per segment is in force: bob's D replaces alice's R on a/2).
  await human('a', 0, 'useful_exploration', 'alice');
  await human('a', 1, 'regression', 'alice');
  await human('a', 2, 'regression', 'alice');
  await human('a', 2, 'decisive_progress', 'bob');
  await human('b', 0, 'useful_exploration', 'alice');
  await human('b', 2, 'regression', 'alice');
  await human('c', 1, 'regression', 'bob');
  // Counterexamples: c/0 approved (truth = proposed R), b/1 relabeled to E. Not in the suite: a
  // rejected item, a pending one, an approval undone, and a whole trajectory.
  await reviewItem('c', 0, 'regression', [{ status: 'approved' }]);
  await reviewItem('b', 1, 'decisive_progress', [
    { status: 'relabeled', label: 'useful_exploration' },
  ]);
  await reviewItem('a', 3, 'regression', [{ status: 'rejected' }]);
  await reviewItem('d', 0, 'regression', []);
  await reviewItem('d', 1, 'regression', [{ status: 'approved' }, { status: 'pending' }]);
  await reviewItem('d', null, null, [{ status: 'approved' }]);
  // Labels this version wrote before: m1 says R on a/0 (wrong, and must not be asked again);
  // another model says D on b/0.
  await judgeLabel('a', 0, 'regression', 'm1');
  await judgeLabel('b', 0, 'decisive_progress', 'other');
});
afterAll(async () => {
  await jobs.shutdown();
  workspace.close();
  await server.close();
  tmp.cleanup();
});

describe('the evaluate job', () => {
  it('scores existing labels of any model of the version without asking the endpoint', async () => {
    // Suite: counterexamples {c/0, b/1} and human labels {a/0, a/1, a/2, b/0, b/2, c/1} = 8.
    // Judged: a/0 (m1: R) and b/0 (other: D). Human: a/0 E vs R, b/0 E vs D: 0 of 2 agree.
    const job = await evaluate({});
    expect(job.error).toBeNull();
    const { result } = jobResult(job, 'evaluate');
    expect(result).toMatchObject({ model: null, suite_segments: 8, unjudged: 6, judging: null });
    expect(result.human_labeled).toMatchObject({ n: 2, accuracy: 0 });
    expect(result.counterexamples.n).toBe(0);
    expect(server.requests).toHaveLength(0);
  });

  it('judges only the suite segments lacking the model label, then matches the hand count', async () => {
    const job = await evaluate({ endpoint: server.baseUrl, model: 'm1', concurrency: 2 });
    expect(job.error).toBeNull();
    const record = jobResult(job, 'evaluate');
    const { result } = record;
    // 8 suite segments, a/0 already labeled by m1: 7 requests, none for a/3 or trajectory d.
    expect(result.judging).toMatchObject({ segments: 7, labeled: 7, cached: 0, failed: 0 });
    expect(server.requests).toHaveLength(7);
    const targets = server.requests.map(
      (r) => /Action:\s*(\w+)/.exec(r.user.split('# The segment to judge')[1] ?? '')?.[1],
    );
    expect(targets.sort()).toEqual([
      'delete_file',
      'deploy',
      'edit_file',
      'list_dir',
      'restart_env',
      'run_tests',
      'submit',
    ]);
    expect(server.requests.some((r) => r.user.includes('Task of d'))).toBe(false);
    expect(result).toMatchObject({
      prompt_version: VERSION,
      model: 'm1',
      segmentation: 'action',
      suite_segments: 8,
      unjudged: 0,
    });

    // Counterexamples (truth vs judge): c/0 R vs N (restart_env), b/1 E vs E (list_dir).
    // n 2, accuracy 1/2; rows E 1, R 1; columns E 1, N 1: p_e = 1/4, kappa = (1/2-1/4)/(3/4) = 1/3.
    // E: TP 1 -> P 1 R 1 F1 1; R: FN 1 -> P null R 0 F1 0; N: FP 1 -> P 0 R null F1 0.
    const ce = result.counterexamples;
    expect(ce.n).toBe(2);
    expect(ce.accuracy).toBe(0.5);
    expect(ce.kappa).toBeCloseTo(1 / 3, 12);
    expect(ce.per_role).toEqual([
      { role: 'decisive_progress', support: 0, precision: null, recall: null, f1: null },
      { role: 'useful_exploration', support: 1, precision: 1, recall: 1, f1: 1 },
      { role: 'no_progress_infrastructure', support: 0, precision: 0, recall: null, f1: 0 },
      { role: 'regression', support: 1, precision: null, recall: 0, f1: 0 },
    ]);

    // Human labels vs judge: a/0 E vs R (earlier m1 label), a/1 R vs D (edit_file), a/2 D vs D
    // (submit), b/0 E vs E (run_tests), b/2 R vs N (deploy), c/1 R vs R (delete_file).
    // Confusion (rows human D E N R, columns judge):
    //   D [1 0 0 0]  E [0 1 0 1]  N [0 0 0 0]  R [1 0 1 1]
    // accuracy 3/6; rows D1 E2 N0 R3, columns D2 E1 N1 R2: p_e = (2 + 2 + 0 + 6)/36 = 10/36,
    // kappa = (18/36 - 10/36)/(26/36) = 8/26.
    // D: TP1 FP1 FN0 -> P 1/2 R 1 F1 2/3; E: TP1 FP0 FN1 -> P 1 R 1/2 F1 2/3;
    // N: TP0 FP1 -> P 0 R null F1 0; R: TP1 FP1 FN2 -> P 1/2 R 1/3 F1 2/5.
    const hl = result.human_labeled;
    expect(hl.n).toBe(6);
    expect(hl.accuracy).toBe(0.5);
    expect(hl.kappa).toBeCloseTo(8 / 26, 12);
    expect(hl.confusion).toEqual([
      [1, 0, 0, 0],
      [0, 1, 0, 1],
      [0, 0, 0, 0],
      [1, 0, 1, 1],
    ]);
    const [d, e, n, r] = hl.per_role;
    expect(d).toMatchObject({ support: 1, precision: 0.5, recall: 1 });
    expect(d?.f1).toBeCloseTo(2 / 3, 12);
    expect(e).toMatchObject({ support: 2, precision: 1, recall: 0.5 });
    expect(n).toEqual({
      role: 'no_progress_infrastructure',
      support: 0,
      precision: 0,
      recall: null,
      f1: 0,
    });
    expect(r).toMatchObject({ support: 3, precision: 0.5 });
    expect(r?.recall).toBeCloseTo(1 / 3, 12);
    expect(r?.f1).toBeCloseTo(0.4, 12);

    // Regression in successful trajectories (a, c): a/0 E judged R (FP), a/1 R judged D (FN),
    // a/2 D judged D (TN), c/0 counterexample R judged N (FN), c/1 R judged R (TP).
    // TP1 FP1 FN2: support 3, P 1/2, R 1/3, F1 2/(2+1+2) = 2/5.
    const ris = result.regression_in_success;
    expect(ris.support).toBe(3);
    expect(ris.precision).toBe(0.5);
    expect(ris.recall).toBeCloseTo(1 / 3, 12);
    expect(ris.f1).toBeCloseTo(0.4, 12);

    // Stored, and listed newest first.
    const listed = await callOk(api, 'listJudgeEvals', {
      prompt_version: VERSION,
    });
    expect(listed.evals).toHaveLength(2);
    expect(listed.evals[0]).toEqual(record);
  });

  it('asks nothing on a re-run and scores the same', async () => {
    server.reset();
    const job = await evaluate({ endpoint: server.baseUrl, model: 'm1' });
    const { result } = jobResult(job, 'evaluate');
    expect(server.requests).toHaveLength(0);
    expect(result.judging).toBeNull();
    expect(result.human_labeled.kappa).toBeCloseTo(8 / 26, 12);
    // Any model of the version: b/0's newest label is now m1's E, so the same numbers.
    const any = jobResult(await evaluate({}), 'evaluate');
    expect(any.result.human_labeled.kappa).toBeCloseTo(8 / 26, 12);
  });

  it('rejects bad requests before starting a job', async () => {
    const without = await api.dispatch('startJudgeEval', {
      prompt_version: VERSION,
      endpoint: server.baseUrl,
    });
    expect(without.ok ? null : without.error.code).toBe('invalid_input');
    const unknown = await api.dispatch('startJudgeEval', { prompt_version: 'nope/1' });
    expect(unknown.ok ? null : unknown.error.code).toBe('not_found');
  });

  it('is cancelled while judging and stores nothing', async () => {
    const prompt = await callOk(api, 'createJudgePrompt', {
      parent_version: VERSION,
      text: 'Another judge prompt for the cancel test.',
    });
    server.reset();
    server.setReply(() => ({ hang: true }));
    try {
      const job = await callOk(api, 'startJudgeEval', {
        prompt_version: prompt.version_id,
        endpoint: server.baseUrl,
        model: 'm1',
      });
      await expect.poll(() => server.inFlight, { timeout: 10_000 }).toBeGreaterThan(0);
      await callOk(api, 'cancelJob', { job_id: job.job_id });
      const final = await jobs.wait(job.job_id);
      expect(final.status).toBe('cancelled');
      const listed = await callOk(api, 'listJudgeEvals', {
        prompt_version: prompt.version_id,
      });
      expect(listed.evals).toHaveLength(0);
    } finally {
      server.setReply(reply);
    }
  });
});
