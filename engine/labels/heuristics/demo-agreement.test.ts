// Agreement of the heuristic rule set with the demo's ground-truth step roles (metadata.step_roles,
// decided by an oracle from the simulated environment). The rules never see that metadata; it is
// read here only to score them. Reported, and required to beat the majority-class baseline.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROLE_LABELS, type RoleLabel } from '../../../shared/model';
import { segmentTurns } from '../../../shared/segments';
import { canonicalArguments } from '../../text/canonical-json';
import { labelTrajectory, type HeuristicTurn } from './ruleset';

interface DemoMessage {
  role: string;
  content: string | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
}
interface DemoRecord {
  success: boolean;
  messages: DemoMessage[];
  metadata: { action_turns: number[]; step_roles: RoleLabel[] };
}

const DEMO = path.resolve(import.meta.dirname, '../../../datasets/demo/demo.jsonl');

function turnsOf(record: DemoRecord): HeuristicTurn[] {
  return record.messages.map((message, turn_index) => {
    const calls = (message.tool_calls ?? []).map((call) => ({
      id: call.id,
      name: call.function.name,
      arguments: canonicalArguments(call.function.arguments),
    }));
    return {
      turn_index,
      role: message.role,
      content: message.content ?? '',
      tool_calls: calls,
      is_action: message.role === 'assistant' && calls.length > 0,
    };
  });
}

describe('heuristic labels on the demo dataset', () => {
  it('agree with the ground-truth roles better than the majority class', () => {
    const records = readFileSync(DEMO, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as DemoRecord);
    const confusion = new Map<string, number>();
    const truthCounts = new Map<RoleLabel, number>();
    let agree = 0;
    let total = 0;
    for (const record of records) {
      const turns = turnsOf(record);
      const segments = segmentTurns(turns, 'action');
      expect(segments.map((s) => s.turn_end)).toEqual(record.metadata.action_turns);
      const labels = labelTrajectory({ turns, segments, success: record.success });
      labels.forEach((label, i) => {
        const truth = record.metadata.step_roles[i] as RoleLabel;
        truthCounts.set(truth, (truthCounts.get(truth) ?? 0) + 1);
        const key = `${truth} -> ${label.role_label}`;
        confusion.set(key, (confusion.get(key) ?? 0) + 1);
        if (truth === label.role_label) agree += 1;
        total += 1;
      });
    }
    const majority = Math.max(...truthCounts.values()) / total;
    const accuracy = agree / total;
    // Cohen's kappa: agreement beyond what the two label distributions give by chance.
    const predictedShare = (role: RoleLabel) =>
      [...confusion].filter(([k]) => k.endsWith(`-> ${role}`)).reduce((s, [, n]) => s + n, 0) /
      total;
    const chance = ROLE_LABELS.reduce(
      (sum, role) => sum + ((truthCounts.get(role) ?? 0) / total) * predictedShare(role),
      0,
    );
    const kappa = (accuracy - chance) / (1 - chance);
    const perRole = ROLE_LABELS.map((role) => {
      const tp = confusion.get(`${role} -> ${role}`) ?? 0;
      const predicted = [...confusion].filter(([k]) => k.endsWith(`-> ${role}`));
      const precision =
        tp /
        Math.max(
          1,
          predicted.reduce((sum, [, n]) => sum + n, 0),
        );
      const recall = tp / Math.max(1, truthCounts.get(role) ?? 0);
      const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
      return `${role}: P ${precision.toFixed(2)} R ${recall.toFixed(2)} F1 ${f1.toFixed(2)}`;
    });
    console.log(
      [
        `heuristic agreement on ${total} demo steps: ${(100 * accuracy).toFixed(1)}% ` +
          `(majority-class baseline ${(100 * majority).toFixed(1)}%), Cohen's kappa ${kappa.toFixed(2)}`,
        ...perRole,
        ...[...confusion].sort().map(([k, n]) => `  ${k}: ${n}`),
      ].join('\n'),
    );
    expect(total).toBe(1320);
    expect(accuracy).toBeGreaterThan(majority);
    expect(kappa).toBeGreaterThan(0); // the majority class itself has kappa 0
  });
});
