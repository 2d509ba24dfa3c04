import { describe, expect, it } from 'vitest';
import { dialogError } from './import-error';

describe('dialogError', () => {
  it('names the skip box when a bad record aborted the import', () => {
    const error = {
      code: 'invalid_input' as const,
      message: '/d/run.json:12: records[3]: reward: expected a number',
      details: { remedy: 'skip_bad_records', skipped: [] },
    };
    expect(dialogError(error).message).toBe(
      '/d/run.json:12: records[3]: reward: expected a number.\n' +
        'Tick “Skip bad records” to import the good records and list the bad ones.',
    );
    expect(dialogError({ code: 'io', message: 'x: gone' }).message).toBe('x: gone');
  });
});
