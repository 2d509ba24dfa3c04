// The mapping spec as the editor sees it: a starter template, parsing of the edited text (JSON
// first, then MappingSpecSchema, with issue paths a user can find), and the JSON schema Monaco
// validates and completes against.
import * as z from 'zod';
import { MappingSpecSchema, type MappingSpec } from '../../../shared/model';

/** A worked example for a chat-style JSONL export; every field shows where its value comes from. */
export const MAPPING_TEMPLATE = `${JSON.stringify(
  {
    records: 'jsonl',
    messages: 'conversation',
    role: 'speaker',
    content: 'text',
    roles: { system: 'system', human: 'user', bot: 'assistant', tool: 'tool' },
    id: 'id',
    task: 'task_id',
    reward: 'score',
    success: 'solved',
    metadata: ['source'],
  },
  null,
  2,
)}\n`;

export type MappingParse = { ok: true; spec: MappingSpec } | { ok: false; issues: string[] };

export function parseMappingText(text: string): MappingParse {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (thrown) {
    return { ok: false, issues: [`Not valid JSON: ${(thrown as Error).message}`] };
  }
  const parsed = MappingSpecSchema.safeParse(json);
  if (parsed.success) return { ok: true, spec: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map(
      (issue) => `${issue.path.length === 0 ? '(spec)' : issue.path.join('.')}: ${issue.message}`,
    ),
  };
}

/** Formats a spec (e.g. a saved mapping) as editor text. */
export function mappingText(spec: MappingSpec): string {
  return `${JSON.stringify(spec, null, 2)}\n`;
}

function jsonSchema(): object {
  const schema: Record<string, unknown> = z.toJSONSchema(MappingSpecSchema, {
    io: 'input',
    target: 'draft-7',
    unrepresentable: 'any',
  });
  // The editor must not try to resolve a meta-schema URL; the inline schema is all it needs.
  delete schema.$schema;
  return schema;
}

export const MAPPING_JSON_SCHEMA = jsonSchema();
