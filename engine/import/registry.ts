// All import formats, and detection of the format of a file.
import { createReadStream } from 'node:fs';
import { TurnwiseError } from '../../shared/result';
import type { FormatReader } from '../chat/canonical';
import { chooseFormatDetails } from '../../shared/api-import';
import { abridgedHead } from './abridged-head';
import { decompressed } from './decompress';
import { atifFormat } from './formats/atif';
import { inspectFormat } from './formats/inspect';
import { miniSweAgentFormat } from './formats/mini-swe-agent';
import { nemoGymFormat } from './formats/nemo-gym';
import { openaiChatFormat } from './formats/openai-chat';
import { openhandsFormat } from './formats/openhands';
import { otelGenaiFormat } from './formats/otel-genai';
import { sharegptFormat } from './formats/sharegpt';
import { sweAgentFormat } from './formats/swe-agent';
import { tauBenchFormat } from './formats/tau-bench';
import { trlGrpoFormat } from './formats/trl-grpo';
import { verifiersFormat } from './formats/verifiers';
import { harborTracesFormat } from './formats/harbor-traces';
import { hfStsFormat } from './formats/hf-sts';
import { turnwiseFormat } from './turnwise';
import { claudeCodeFormat } from './formats/claude-code';
import { codexCliFormat } from './formats/codex-cli';
import { FORMAT_INFOS, type FormatName } from './format-infos';
import { geminiCliFormat } from './formats/gemini-cli';
import { openhandsV1Format } from './formats/openhands-v1';

/** Every reader by its name; a format listed in format-infos.ts without a reader does not compile. */
const READERS: Record<FormatName, FormatReader> = {
  turnwise: turnwiseFormat,
  'openai-chat': openaiChatFormat,
  sharegpt: sharegptFormat,
  'swe-agent': sweAgentFormat,
  'mini-swe-agent': miniSweAgentFormat,
  openhands: openhandsFormat,
  inspect: inspectFormat,
  'tau-bench': tauBenchFormat,
  'nemo-gym': nemoGymFormat,
  atif: atifFormat,
  verifiers: verifiersFormat,
  'trl-grpo': trlGrpoFormat,
  'otel-genai': otelGenaiFormat,
  'gemini-cli': geminiCliFormat,
  'openhands-v1': openhandsV1Format,
  'claude-code': claudeCodeFormat,
  'codex-cli': codexCliFormat,
  'harbor-traces': harborTracesFormat,
  'hf-sts': hfStsFormat,
};

/** The readers in the order the formats are listed (format-infos.ts). */
export const FORMATS: readonly FormatReader[] = FORMAT_INFOS.map(({ name }) => READERS[name]);

const SAMPLE_BYTES = 1 << 20;

export function formatByName(name: string): FormatReader {
  const reader = FORMATS.find((format) => format.name === name);
  if (!reader) {
    throw new TurnwiseError(
      'invalid_input',
      `unknown format '${name}' (known: ${FORMATS.map((f) => f.name).join(', ')})`,
    );
  }
  return reader;
}

/** Reads the start of a file as text (decompressed) for detection; `cut` if there is more. */
export async function readHead(file: string): Promise<{ head: string; cut: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let cut = false;
  const stream = decompressed(file, createReadStream(file, { highWaterMark: 1 << 16 }));
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size > SAMPLE_BYTES) {
        cut = true;
        break;
      }
    }
  } catch {
    // A corrupt or cut compressed stream: detect on what was decoded.
  } finally {
    stream.destroy();
  }
  return { head: Buffer.concat(chunks).subarray(0, SAMPLE_BYTES).toString('utf8'), cut };
}

export interface FormatScore {
  reader: FormatReader;
  score: number;
}

function scoreHead(file: string, head: string): FormatScore[] {
  return FORMATS.map((reader) => {
    let score = 0;
    try {
      score = reader.detect({ path: file, head });
    } catch {
      // detect must not throw; one that does simply does not claim the file.
    }
    return { reader, score };
  });
}

/** One reader is sure and no other comes close. */
function confident(scores: FormatScore[]): boolean {
  const [best, second] = [...scores].sort((a, b) => b.score - a.score);
  return best !== undefined && best.score >= 0.9 && (second?.score ?? 0) <= best.score - 0.1;
}

/**
 * Every reader's confidence for a file, best first (zero scores left out). When the file is
 * longer than the head and no reader is sure, its abridged head (every top-level key of the first
 * records, long values shortened: abridged-head.ts) is scored too and each reader keeps its
 * better score, so detection depends neither on key order nor on the first megabyte.
 */
export async function scoreFormats(file: string): Promise<FormatScore[]> {
  const { head, cut } = await readHead(file);
  let scores = scoreHead(file, head);
  if (cut && !confident(scores)) {
    const abridged = await abridgedHead(file);
    if (abridged !== null) {
      const again = scoreHead(file, abridged);
      scores = scores.map((entry, i) => ({
        reader: entry.reader,
        score: Math.max(entry.score, again[i]?.score ?? 0),
      }));
    }
  }
  return scores.filter((entry) => entry.score > 0).sort((a, b) => b.score - a.score);
}

export type Detection =
  | { ok: true; reader: FormatReader; scores: FormatScore[] }
  | { ok: false; reason: string; ambiguous: boolean; scores: FormatScore[] };

const MIN_SCORE = 0.3;
const MIN_LEAD = 0.1;

/** The most confident reader, or why there is none (not recognised, or ambiguous). */
export async function detectFile(file: string): Promise<Detection> {
  const scores = await scoreFormats(file);
  const [best, second] = scores;
  if (!best || best.score < MIN_SCORE) {
    const closest = best ? ` (closest: ${best.reader.name} ${best.score.toFixed(2)})` : '';
    return { ok: false, reason: `format not recognised${closest}`, ambiguous: false, scores };
  }
  if (second && best.score - second.score < MIN_LEAD) {
    const between = scores
      .slice(0, 3)
      .map((entry) => `${entry.reader.name} (${entry.score.toFixed(2)})`)
      .join(', ');
    return { ok: false, reason: `format is ambiguous between ${between}`, ambiguous: true, scores };
  }
  return { ok: true, reader: best.reader, scores };
}

/** The formats to offer when detection failed: the close candidates, or every format. */
export function formatsFor(detection: Detection): string[] {
  if (!detection.ok && detection.ambiguous) {
    return detection.scores.slice(0, 3).map((entry) => entry.reader.name);
  }
  return FORMATS.map((format) => format.name);
}

/**
 * Picks the most confident reader; an unknown or ambiguous file is an error whose details name
 * the formats to choose from (each front end says how: --format, or the dialog's selector).
 */
export async function detectFormat(file: string): Promise<FormatReader> {
  const detection = await detectFile(file);
  if (detection.ok) return detection.reader;
  throw new TurnwiseError(
    'invalid_input',
    `${file}: ${detection.reason}`,
    chooseFormatDetails(formatsFor(detection)),
  );
}
