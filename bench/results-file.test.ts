import { describe, expect, it } from 'vitest';
import { mergeResults, readSections } from './results-file';

const existing = `# Benchmark results

<!-- bench:header -->
Old header, 2026-01-01
<!-- /bench:header -->

<!-- bench:import -->
## Import
| a | 1 |
<!-- /bench:import -->

<!-- bench:explorer -->
## Explorer, old numbers
<!-- /bench:explorer -->

<!-- bench:custom -->
kept as is
<!-- /bench:custom -->
`;

describe('mergeResults', () => {
  it('replaces the header and the re-run sections and keeps the others', () => {
    const merged = mergeResults(
      existing,
      'New header, 2026-12-02',
      new Map([
        ['explorer', '## Explorer, new numbers'],
        ['trajectory', '## Open a trajectory'],
      ]),
    );
    const sections = readSections(merged);
    expect(sections.get('header')).toBe('New header, 2026-12-02');
    expect(sections.get('import')).toBe('## Import\n| a | 1 |');
    expect(sections.get('explorer')).toBe('## Explorer, new numbers');
    expect(sections.get('trajectory')).toBe('## Open a trajectory');
    expect(sections.get('custom')).toBe('kept as is');
    expect([...sections.keys()]).toEqual(['header', 'import', 'explorer', 'trajectory', 'custom']);
    expect(merged.startsWith('# Benchmark results\n')).toBe(true);
    expect(merged).not.toContain('old numbers');
  });

  it('is stable when merged again with nothing re-run', () => {
    const once = mergeResults(existing, 'Header', new Map());
    expect(mergeResults(once, 'Header', new Map())).toBe(once);
  });

  it('starts a file that has no markers yet', () => {
    const merged = mergeResults('', 'Header', new Map([['credit', '## Credit']]));
    expect([...readSections(merged).keys()]).toEqual(['header', 'credit']);
  });
});
