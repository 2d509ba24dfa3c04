// Builds an investigate task: answer a question about a repository whose docs are stale. Graded by
// comparing the submitted answer with the value in the source (numbers compare by value).

import { answerGroundTruth } from './ground-truth';
import { INVESTIGATION_TEMPLATES, type InvestigationSpec } from './investigate-catalog';
import type { Rng } from './random';
import type { Difficulty } from './record-types';
import { gradeAnswer } from './task-grading';
import type { InvestigateTask, TaskSeed } from './task-types';
import { toolSpecsFor } from './tools';

const STEP_BUDGET: Readonly<Record<Difficulty, number>> = { easy: 8, medium: 10, hard: 12 };

const LICENSE =
  'MIT License\n\nCopyright (c) 2024 The authors\n\nPermission is hereby granted, free of charge, to any person obtaining a copy of this software.\n';

function promptFor(spec: InvestigationSpec, difficulty: Difficulty): string {
  const hint =
    difficulty === 'easy'
      ? ' The documentation may be out of date; the source code is authoritative.'
      : '';
  return `${spec.question}${hint}\n\nThe repository is checked out in the working directory. Use the tools to find out, then call submit with your answer.`;
}

export function buildInvestigateTask(seed: TaskSeed, rng: Rng): InvestigateTask {
  const template = INVESTIGATION_TEMPLATES[seed.variant % INVESTIGATION_TEMPLATES.length];
  if (template === undefined) throw new Error('no investigation templates');
  const spec = template(rng);
  const files: Record<string, string> = { ...spec.files, LICENSE };
  if (seed.difficulty === 'hard') {
    // A second stale document repeating the decoy makes the wrong answer look corroborated.
    files['docs/faq.md'] =
      `# FAQ\n\n**Q:** ${spec.question.split('?')[0] ?? ''}?\n\n**A:** ${spec.decoyAnswer} (see ${spec.decoyPath}).\n`;
  }
  return {
    id: seed.id,
    index: seed.index,
    family: 'investigate',
    difficulty: seed.difficulty,
    title: spec.title,
    prompt: promptFor(spec, seed.difficulty),
    files,
    tools: toolSpecsFor('investigate'),
    stepBudget: STEP_BUDGET[seed.difficulty],
    ease: seed.ease,
    relevantPaths: [spec.truthPath, spec.entryPath],
    natives: {},
    grade: (_fs, submission) => gradeAnswer(submission, spec.answer),
    groundTruth: answerGroundTruth(spec.answer, spec.correctForms),
    question: spec.question,
    answer: spec.answer,
    correctForms: spec.correctForms,
    decoyAnswer: spec.decoyAnswer,
    sloppyForms: spec.sloppyForms,
    truthMarker: spec.truthMarker,
    decoyMarkers: [spec.decoyMarker, `**A:** ${spec.decoyAnswer} `],
    pointerMarker: spec.pointerMarker,
    truthPath: spec.truthPath,
    entryPath: spec.entryPath,
    decoyPath: spec.decoyPath,
    searchTerms: spec.searchTerms,
    symbol: spec.symbol,
  };
}
