// The contract checker itself: ajv in strict mode, so a contract with a keyword it does not know
// fails to compile instead of passing everything that keyword was meant to refuse.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contract } from '../../testing/export-test-workspace';
import { compileContract, recordErrors, schemaErrors, type JsonSchema } from './schema-check';

const MESSAGE: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['messages'],
  additionalProperties: false,
  properties: {
    messages: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['role'],
        additionalProperties: false,
        properties: { role: { enum: ['user', 'assistant'] }, weight: { type: 'number' } },
      },
    },
  },
};

describe('export contract checking', () => {
  it('compiles every contract file in strict mode', () => {
    const names = readdirSync(import.meta.dirname)
      .filter((name) => name.endsWith('.schema.json'))
      .map((name) => name.replace('.schema.json', ''));
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(() => compileContract(contract(name))).not.toThrow();
  });

  it('refuses a contract with an unknown keyword instead of skipping it', () => {
    const typo = { ...MESSAGE, properties: { messages: { type: 'array', minItem: 1 } } };
    expect(() => schemaErrors({ messages: [] }, typo)).toThrow(/unknown keyword.*minItem/);
    expect(() => compileContract({ type: 'object', patternProperty: {} })).toThrow(
      /patternProperty/,
    );
  });

  it('compiles a contract once', () => {
    expect(compileContract(contract('trl-sft'))).toBe(compileContract(contract('trl-sft')));
  });

  it('names the path and the reason of each problem', () => {
    expect(schemaErrors({ messages: [{ role: 'user' }] }, MESSAGE)).toEqual([]);
    expect(schemaErrors({ messages: [] }, MESSAGE)).toEqual([
      '$.messages: must NOT have fewer than 1 items',
    ]);
    const bad = { messages: [{ role: 'tool', weight: 'high', extra: 1 }], more: true };
    expect(schemaErrors(bad, MESSAGE)).toEqual([
      '$: unexpected more',
      '$.messages[0]: unexpected extra',
      '$.messages[0].role: not one of ["user","assistant"]',
      '$.messages[0].weight: must be number',
    ]);
    expect(schemaErrors({}, MESSAGE)).toEqual(['$: missing messages']);
  });

  it('names the file and the record number', () => {
    const rows = [{ messages: [{ role: 'user' }] }, { messages: [{}] }];
    expect(recordErrors('/tmp/out/train.jsonl', rows, MESSAGE)).toEqual([
      'train.jsonl record 2: $.messages[0]: missing role',
    ]);
  });

  it('checks oneOf, const and $ref in the shipped contracts', () => {
    const sft = contract('trl-sft');
    const errors = schemaErrors({ messages: [{ role: 'narrator', content: 'x' }], tools: [] }, sft);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((error) => error.startsWith('$.messages[0]'))).toBe(true);
  });
});
