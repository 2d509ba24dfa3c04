import { describe, expect, it } from 'vitest';
import {
  MAPPING_JSON_SCHEMA,
  MAPPING_TEMPLATE,
  mappingText,
  parseMappingText,
} from './mapping-spec';

describe('parseMappingText', () => {
  it('accepts the template and fills the defaults', () => {
    const parsed = parseMappingText(MAPPING_TEMPLATE);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.spec.messages).toBe('conversation');
    expect(parsed.spec.roles.human).toBe('user');
    expect(parsed.spec.records_path).toBe('');
    expect(parseMappingText(mappingText(parsed.spec))).toEqual(parsed);
  });

  it('reports bad JSON', () => {
    const parsed = parseMappingText('{"messages": ');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.issues[0]).toMatch(/^Not valid JSON/);
  });

  it('reports schema problems by path', () => {
    const parsed = parseMappingText('{"role": "r", "roles": {"human": "person"}, "extra": 1}');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.issues.some((issue) => issue.startsWith('messages:'))).toBe(true);
    expect(parsed.issues.some((issue) => issue.startsWith('roles.human:'))).toBe(true);
    expect(parsed.issues.some((issue) => issue.startsWith('(spec):'))).toBe(true);
  });
});

describe('MAPPING_JSON_SCHEMA', () => {
  it('is an inline schema with no meta-schema URL to fetch', () => {
    expect(MAPPING_JSON_SCHEMA).not.toHaveProperty('$schema');
    expect(MAPPING_JSON_SCHEMA).toHaveProperty('properties.messages');
  });
});
