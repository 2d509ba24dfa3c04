// Writes a turnwise-format JSONL of at least `megabytes` MB (or `maxRecords` trajectories, whichever
// comes first) from the demo generator, streaming.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { seededRandom } from '../shared/seeded-random';
import { generateRollouts } from '../scripts/demo/rollouts';

export async function writeBenchInput(
  file: string,
  megabytes: number,
  maxRecords = Infinity,
): Promise<{ bytes: number; records: number }> {
  const target = megabytes * 1_000_000;
  const out = createWriteStream(file);
  let bytes = 0;
  let records = 0;
  // Many tasks, so trajectory ids stay unique however large the file grows.
  for (const record of generateRollouts({ tasks: 1_000_000, rollouts: 8, seed: 11 })) {
    const line = `${JSON.stringify(record)}\n`;
    bytes += Buffer.byteLength(line);
    records += 1;
    if (!out.write(line)) await once(out, 'drain');
    if (bytes >= target || records >= maxRecords) break;
  }
  out.end();
  await once(out, 'finish');
  return { bytes, records };
}

/**
 * Writes `records` short rollouts in the OpenAI-messages form: a prompt and one reply each, in
 * groups of 8 per task, as GRPO samples of math problems look. Per byte they cost an import far
 * more than long agent rollouts do (a row per turn and per trajectory for a few hundred bytes).
 */
export async function writeShortRollouts(
  file: string,
  records: number,
): Promise<{ bytes: number; records: number }> {
  const random = seededRandom(7);
  const int = (max: number) => 1 + Math.floor(random() * max);
  const out = createWriteStream(file);
  let bytes = 0;
  for (let i = 0; i < records; i += 1) {
    const task = Math.floor(i / 8);
    const [a, b] = [int(1000), int(1000)];
    const answer = random() < 0.6 ? a + b : a + b + int(9);
    const record = {
      id: `short-${i}`,
      task_id: `sum-${task}`,
      group_id: `sum-${task}`,
      reward: answer === a + b ? 1 : 0,
      messages: [
        { role: 'user', content: `Solve: ${a} + ${b} = ? Show your work briefly.` },
        {
          role: 'assistant',
          content: `Adding ${a} and ${b} digit by digit gives ${answer}. The answer is \\boxed{${answer}}.`,
        },
      ],
    };
    const line = `${JSON.stringify(record)}\n`;
    bytes += Buffer.byteLength(line);
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { bytes, records };
}
