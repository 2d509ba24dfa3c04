// Labeling and reviewing accept exactly the same annotator names (one rule, AnnotatorSchema).
import { describe, expect, it } from 'vitest';
import { API } from './api';

const label = (annotator: string) =>
  API.setLabel.input.safeParse({
    trajectory_id: 'd:t',
    segment_index: 0,
    role_label: 'regression',
    annotator,
  }).success;
const review = (by: string) =>
  API.decideReviewItem.input.safeParse({ item_id: 'i', decision: 'reject', by }).success;
const undo = (by: string) => API.undoReviewDecision.input.safeParse({ item_id: 'i', by }).success;

describe('annotator names', () => {
  it('are accepted and refused alike by labels, review decisions and undo', () => {
    const names = [
      'local',
      'ana.b',
      'ana@lab.org',
      'x'.repeat(80),
      'x'.repeat(81),
      'two words',
      '',
    ];
    const verdicts = names.map((name) => [label(name), review(name), undo(name)]);
    expect(verdicts).toEqual([
      [true, true, true],
      [true, true, true],
      [true, true, true],
      [true, true, true],
      [false, false, false],
      [false, false, false],
      [false, false, false],
    ]);
  });
});
