// Secrets planted in every text field of real-shaped rollouts (the demo's, which have system
// prompts, reasoning, tool calls, tool outputs, tool descriptions and metadata): imported by
// default, none of them is stored and the dataset reports each kind and field; imported with
// keep_secrets they are stored, and still no file of any of the 12 export targets holds one.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_TARGETS, type ExportTarget } from '../../shared/api-export';
import { openEngine, type LocalEngine } from '../engine';
import { plantedSecrets, type PlantedSecret } from '../testing/planted-secrets';
import { tempDir } from '../testing/test-support';
import {
  demoLines,
  engineCalls,
  readParquetRows,
  type EngineCalls,
  type Row,
} from '../testing/export-test-workspace';
import { FIXTURE_SPECIALS, fixtureTokenizer } from '../testing/tokenizer-fixture';

const PLANTED: PlantedSecret[] = plantedSecrets();
const BLOB = PLANTED.map((planted) => planted.text).join('\n');

interface Message {
  role: string;
  content: string | null;
  reasoning?: string;
  tool_calls?: { function: { arguments: string } }[];
}

/** A demo rollout with every planted secret in each of its text fields. */
function planted(line: string): string {
  const record = JSON.parse(line) as {
    messages: Message[];
    tools: { function: { description: string } }[];
    metadata: Record<string, unknown>;
  };
  const first = (role: string) => record.messages.find((message) => message.role === role);
  const [system, user, tool] = [first('system'), first('user'), first('tool')];
  const assistant = record.messages.find((message) => message.tool_calls !== undefined);
  if (!system || !user || !tool || !assistant?.tool_calls?.[0] || !record.tools[0]) {
    throw new Error('the demo rollout lacks a field to plant in');
  }
  for (const message of [system, user, tool, assistant]) {
    message.content = `${message.content ?? ''}\n${BLOB}`;
  }
  assistant.reasoning = `${assistant.reasoning ?? ''}\n${BLOB}`;
  const call = assistant.tool_calls[0].function;
  call.arguments = JSON.stringify({ ...JSON.parse(call.arguments), note: BLOB });
  record.tools[0].function.description += `\n${BLOB}`;
  record.metadata = { ...record.metadata, notes: BLOB };
  return JSON.stringify(record);
}

/** Every string of every file under a folder; Parquet is read back as rows. */
async function exportedText(folder: string): Promise<string> {
  const parts: string[] = [];
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    parts.push(
      file.endsWith('.parquet')
        ? JSON.stringify(await readParquetRows(file))
        : readFileSync(file, 'utf8'),
    );
  }
  return parts.join('\n');
}

/** The planted secrets found in text, raw or JSON-escaped (a record holds both forms). */
function leaked(text: string): string[] {
  return PLANTED.filter(({ secret }) => {
    const escaped = JSON.stringify(secret).slice(1, -1);
    return text.includes(secret) || text.includes(escaped);
  }).map(({ kind }) => kind);
}

function optionsFor(target: ExportTarget, tokenizer: string): Row {
  if (target === 'trl-dpo' || target === 'trl-kto') {
    return { pairs: { trajectory: true, step: true, min_gap: 0.25 } };
  }
  return target === 'tokens' ? { tokenizer_path: tokenizer } : {};
}

describe.each([
  ['redacted at import', false],
  ['kept at import', true],
] as const)('planted secrets, %s', (_label, keepSecrets) => {
  const tmp = tempDir();
  let t: EngineCalls;
  let engine: LocalEngine;
  let tokenizer: string;

  beforeAll(async () => {
    const file = path.join(tmp.dir, 'planted.jsonl');
    writeFileSync(file, `${demoLines(16).filter(Boolean).map(planted).join('\n')}\n`);
    engine = await openEngine({ dbPath: path.join(tmp.dir, 'ws.duckdb') });
    t = engineCalls(engine);
    await t.runJob('startImport', { paths: [file], dataset: 'demo', keep_secrets: keepSecrets });
    // As in all-targets.test.ts: the fixture tokenizer padded to the demo's stored token ids.
    const [largest] = await t.sql('SELECT max(list_max(token_ids)) AS id FROM token_logprobs');
    const json = fixtureTokenizer() as { model: { vocab: Record<string, number> } };
    const used = new Set([...Object.values(json.model.vocab), ...Object.values(FIXTURE_SPECIALS)]);
    for (let id = 0; id <= Number(largest?.id ?? 0); id += 1) {
      if (!used.has(id)) json.model.vocab[`<placeholder_${id}>`] = id;
    }
    tokenizer = path.join(tmp.dir, 'tokenizer.json');
    writeFileSync(tokenizer, JSON.stringify(json));
    await t.runJob('startCredit', { dataset_id: 'demo', segmentation: 'action' });
  }, 120_000);
  afterAll(() => {
    t.engine.close();
    tmp.cleanup();
  });

  it('stores the secrets only when asked to, and says which were redacted where', async () => {
    // The internal tables, tools included, as stored (the SQL console cannot read them).
    const rows = await engine.workspace.query(
      `SELECT string_agg(content || coalesce(reasoning, '') || tool_calls::VARCHAR, '') AS turns,
              (SELECT string_agg(metadata::VARCHAR || tools::VARCHAR, '') FROM tw_trajectories)
                AS trajectories
       FROM tw_turns`,
    );
    const stored = `${String(rows[0]?.turns)}${String(rows[0]?.trajectories)}`;
    const report = await t.call('listRedactions', { dataset_id: 'demo' });
    if (keepSecrets) {
      expect(leaked(stored)).toEqual(PLANTED.map(({ kind }) => kind));
      expect(report).toMatchObject({ secrets: 'kept', total: 0, by_kind: [] });
      return;
    }
    expect(leaked(stored)).toEqual([]);
    expect(report.secrets).toBe('redacted');
    // Every planted secret was counted in each of the 8 fields of each of the 16 rollouts.
    expect(report.total).toBeGreaterThanOrEqual(PLANTED.length * 8 * 16);
    expect(new Set(report.by_kind.map((row) => row.field))).toEqual(
      new Set([
        'system_prompt',
        'user_message',
        'assistant_message',
        'reasoning',
        'tool_arguments',
        'tool_output',
        'tool_descriptions',
        'trajectory_metadata',
      ]),
    );
    expect(report.by_kind.map((row) => row.kind)).toEqual(
      expect.arrayContaining(['aws-access-token', 'private-key', 'jwt', 'github-pat']),
    );
  });

  it.each(EXPORT_TARGETS.map((target) => [target]))(
    '%s holds none of them',
    async (target) => {
      const out = path.join(tmp.dir, `export-${target}`);
      const summary = await t.exportTo({ target, ...optionsFor(target, tokenizer), out_dir: out });
      expect(summary.records).toBeGreaterThan(0);
      const text = await exportedText(out);
      expect(leaked(text)).toEqual([]);
      // The planted fields did reach the files (token ids carry no text to see).
      if (target !== 'tokens') expect(text).toContain('[REDACTED:');
      const manifest = JSON.parse(readFileSync(summary.manifest, 'utf8')) as {
        sources: { secrets: string }[];
        secrets_redacted_at_export: Record<string, number>;
      };
      expect(manifest.sources[0]?.secrets).toBe(keepSecrets ? 'kept' : 'redacted');
      const atExport = Object.values(manifest.secrets_redacted_at_export);
      expect(atExport.length > 0).toBe(keepSecrets);
      // The summary says the same as the manifest.
      expect(summary.secrets.mode).toBe('dataset');
      expect(summary.secrets.scanned_trajectories).toBe(keepSecrets ? 16 : 0);
      expect(Object.fromEntries(summary.secrets.redacted.map((r) => [r.kind, r.count]))).toEqual(
        manifest.secrets_redacted_at_export,
      );
    },
    60_000,
  );

  it.each(['keep', 'redact'] as const)(
    'does what --secrets %s asks, and says so in the summary and the manifest',
    async (mode) => {
      const out = path.join(tmp.dir, `secrets-${mode}`);
      const summary = await t.exportTo({ target: 'trl-sft', secrets: mode, out_dir: out });
      const text = await exportedText(out);
      const manifest = JSON.parse(readFileSync(summary.manifest, 'utf8')) as {
        secrets_mode: string;
      };
      expect(manifest.secrets_mode).toBe(mode);
      expect(summary.secrets.mode).toBe(mode);
      expect(summary.secrets.scanned_trajectories).toBe(mode === 'redact' ? 16 : 0);
      // Kept secrets are written only when both the import and the export keep them.
      const written = mode === 'keep' && keepSecrets;
      expect(leaked(text).length > 0).toBe(written);
      expect(summary.secrets.redacted.length > 0).toBe(mode === 'redact' && keepSecrets);
    },
    60_000,
  );

  it('tokens does not use the stored ids of a turn whose text held a secret', async () => {
    const out = path.join(tmp.dir, 'tokens-check');
    await t.exportTo({ target: 'tokens', tokenizer_path: tokenizer, out_dir: out });
    const [row] = await readParquetRows(path.join(out, 'tokens.parquet'));
    const id = String(row?.trajectory_id);
    const stored = await t.sql(
      `SELECT turn_index, token_ids FROM token_logprobs WHERE trajectory_id = '${id}'
       ORDER BY turn_index`,
    );
    const input = `,${(row?.input_ids as number[]).join(',')},`;
    const used = stored.map((turn) =>
      input.includes(`,${(turn.token_ids as number[]).join(',')},`),
    );
    // Planted turns: dropped at import (redacted) or skipped at export (kept); the rest are used.
    const plantedTurn = await t.sql(
      `SELECT min(turn_index) AS i FROM turns WHERE trajectory_id = '${id}' AND role = 'assistant'
         AND json_array_length(tool_calls) > 0`,
    );
    const plantedIndex = Number(plantedTurn[0]?.i);
    const byTurn = new Map(stored.map((turn, n) => [Number(turn.turn_index), used[n]]));
    expect(byTurn.get(plantedIndex)).not.toBe(true);
    expect([...byTurn].filter(([turn]) => turn !== plantedIndex).every(([, u]) => u)).toBe(true);
    expect(byTurn.size).toBeGreaterThan(1);
  }, 60_000);
});
