// Runs one rollout: the agent acts through real tool calls on its own copy of the task's
// repository until it submits or the step budget runs out; the oracle labels every step; the
// final state is graded. Produces one `turnwise` record.

import { type Agent, drawPersona, type Persona } from './agent-core';
import { ConfigAgent } from './config-agent';
import { InvestigateAgent } from './investigate-agent';
import { generatedText, scoreGeneration } from './logprobs';
import { hashText, hexId, mixHash, Rng } from './random';
import type {
  AssistantMessage,
  ChatMessage,
  CheckpointMetadata,
  StepRole,
  Termination,
  ToolCall,
  ToolMessage,
  TurnwiseRecord,
} from './record-types';
import { RepairAgent } from './repair-agent';
import { StepOracle } from './step-oracle';
import type { Task } from './task-types';
import { executeTool } from './tools';
import { VirtualFs } from './virtual-fs';

export const ENV_NAME = 'turnwise-sim-repo/1';
export const GENERATOR_NAME = 'turnwise-demo-generator/1';
export const DEFAULT_MODEL = 'sim-agent-7b-grpo-step300';

function systemPrompt(task: Task): string {
  const goal =
    task.family === 'investigate'
      ? 'You answer questions about a codebase. Base your answer on evidence you have looked at, and submit only the answer.'
      : 'You fix problems in a codebase. Make minimal, targeted changes, never edit the tests, and verify your work with run_tests before you submit.';
  return `You are an autonomous software engineering agent working in a sandboxed repository (the working directory is the repository root). ${goal}\n\nYou act only through the provided tools, one call per turn; each call returns its output. You have at most ${task.stepBudget} tool calls. Finish by calling submit.`;
}

function createAgent(task: Task, persona: Persona): Agent {
  if (task.family === 'repair') return new RepairAgent(task, persona);
  if (task.family === 'config') return new ConfigAgent(task, persona);
  return new InvestigateAgent(task, persona);
}

/** How a fine-tuned checkpoint's rollout of a task differs from the base model's. */
export interface CheckpointEpisode {
  /** Mixed into the rollout seed, so the checkpoint's samples are not replays of the base run. */
  name: string;
  /** Added to the task's hidden ease when the persona is drawn. */
  easeShift: number;
  metadata: CheckpointMetadata;
}

export interface EpisodeOptions {
  seed: number;
  model: string;
  /** Absent for the base run, whose records must stay exactly as they were. */
  checkpoint?: CheckpointEpisode;
}

function rolloutSeed(task: Task, sampleIndex: number, options: EpisodeOptions): number {
  const { seed, checkpoint } = options;
  if (checkpoint === undefined) return mixHash(seed, 'rollout', task.index, sampleIndex);
  return mixHash(seed, 'rollout', 'checkpoint', checkpoint.name, task.index, sampleIndex);
}

export function runEpisode(
  task: Task,
  sampleIndex: number,
  options: EpisodeOptions,
): TurnwiseRecord {
  const rng = new Rng(rolloutSeed(task, sampleIndex, options));
  const ease = task.ease + (options.checkpoint?.easeShift ?? 0);
  const agent = createAgent(task, drawPersona(rng, task.difficulty, ease));
  const fs = new VirtualFs(task.files);
  const oracle = new StepOracle(task, fs);
  const messages: ChatMessage[] = [
    { role: 'system', content: systemPrompt(task) },
    { role: 'user', content: task.prompt },
  ];
  // Hash of everything said so far: fixes wording, call ids and log-probs of identical prefixes.
  let prefixHash = hashText(JSON.stringify(messages));
  const actionTurns: number[] = [];
  const roles: StepRole[] = [];
  let submission: string | null = null;
  let termination: Termination = 'step_budget';
  for (let step = 0; step < task.stepBudget; step += 1) {
    const plan = agent.decide({
      step,
      stepsLeft: task.stepBudget - step,
      rng,
      textSeed: prefixHash,
    });
    const argumentsJson = JSON.stringify(plan.args);
    const call: ToolCall = {
      id: `call_${hexId(mixHash(prefixHash, plan.tool, argumentsJson), 24)}`,
      type: 'function',
      function: { name: plan.tool, arguments: argumentsJson },
    };
    const turn = messages.length;
    const result = executeTool(fs, plan.tool, plan.args, task.natives);
    const role = oracle.classify(turn, plan, result, fs);
    const draft = { content: plan.say, reasoning: plan.thought, tool_calls: [call] };
    const contextHash = hashText(JSON.stringify(draft), prefixHash);
    const assistant: AssistantMessage = {
      role: 'assistant',
      ...draft,
      ...scoreGeneration(generatedText(draft), contextHash, role),
    };
    const toolMessage: ToolMessage = {
      role: 'tool',
      tool_call_id: call.id,
      name: plan.tool,
      content: result.observation,
    };
    messages.push(assistant, toolMessage);
    prefixHash = hashText(JSON.stringify(toolMessage), contextHash);
    actionTurns.push(turn);
    roles.push(role);
    agent.observe(plan, result.observation);
    if (plan.tool === 'submit') {
      submission = result.submission;
      termination = 'submitted';
      break;
    }
  }
  const grade = task.grade(fs, submission);
  const failure = oracle.failure(grade.success);
  return {
    trajectory_id: `${task.id}-s${sampleIndex}`,
    task_id: task.id,
    group_id: `${task.id}-g`,
    sample_index: sampleIndex,
    model: options.model,
    reward: grade.reward,
    success: grade.success,
    messages,
    tools: task.tools,
    metadata: {
      env: ENV_NAME,
      generator: GENERATOR_NAME,
      seed: options.seed,
      family: task.family,
      difficulty: task.difficulty,
      task_title: task.title,
      step_budget: task.stepBudget,
      action_turns: actionTurns,
      step_roles: roles,
      failure_step: failure.step,
      failure_mode: failure.mode,
      termination,
      checks_passed: grade.passed,
      checks_total: grade.total,
      submission,
      ground_truth: task.groundTruth,
      ...options.checkpoint?.metadata,
    },
  };
}
