// Decides which task sits at each index: families rotate, templates cycle, and difficulties are
// spread so every family gets easy, medium and hard tasks. Task i depends only on (seed, i), so
// asking for more tasks never changes the earlier ones.

import { buildConfigTask } from './config-task';
import { buildInvestigateTask } from './investigate-task';
import { clamp, mixHash, Rng } from './random';
import type { Difficulty, TaskFamily } from './record-types';
import { buildRepairTask } from './repair-task';
import type { Task, TaskSeed } from './task-types';

const FAMILIES: readonly TaskFamily[] = ['repair', 'config', 'investigate'];
/** Two easy, four medium and two hard in every eight tasks of a family. */
const DIFFICULTY_CYCLE: readonly Difficulty[] = [
  'easy',
  'medium',
  'hard',
  'medium',
  'easy',
  'medium',
  'hard',
  'medium',
];

export function taskId(index: number, family: TaskFamily): string {
  return `${family}-${String(index).padStart(3, '0')}`;
}

export function buildTask(index: number, seed: number): Task {
  const rng = new Rng(mixHash(seed, 'task', index));
  const familyIndex = index % FAMILIES.length;
  const family = FAMILIES[familyIndex] as TaskFamily;
  const round = Math.floor(index / FAMILIES.length);
  const cycle = DIFFICULTY_CYCLE.length;
  const difficulty = DIFFICULTY_CYCLE[
    (round + 3 * familyIndex + Math.floor(round / cycle)) % cycle
  ] as Difficulty;
  const taskSeed: TaskSeed = {
    id: taskId(index, family),
    index,
    difficulty,
    ease: clamp(0.6 * rng.normal(), -1, 1),
    variant: round,
  };
  if (family === 'repair') return buildRepairTask(taskSeed, rng);
  if (family === 'config') return buildConfigTask(taskSeed, rng);
  return buildInvestigateTask(taskSeed, rng);
}
