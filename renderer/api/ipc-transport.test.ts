import { describe, expect, it } from 'vitest';
import type { JobState } from '../../shared/api';
import type { TurnwiseBridge } from '../../shared/bridge';
import { createIpcTransport } from './ipc-transport';
import { RUNNING_IMPORT_JOB } from '../test/job';

/** A bridge whose job events the test pushes; no API method is called. */
function bridgeWithEvents() {
  const listeners = new Set<(job: unknown) => void>();
  const bridge = {
    onJobEvent(listener: (job: unknown) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as Partial<TurnwiseBridge> as TurnwiseBridge;
  return { bridge, push: (event: unknown) => listeners.forEach((listener) => listener(event)) };
}

describe('IPC transport', () => {
  it('parses the job events the preload relays and drops what is no job', () => {
    const { bridge, push } = bridgeWithEvents();
    const seen: JobState[] = [];
    const off = createIpcTransport(bridge).onJobEvent((job) => seen.push(job));
    const job = RUNNING_IMPORT_JOB;
    push(job);
    push({ job_id: 'incomplete' });
    push('not a job');
    expect(seen).toEqual([job]);
    off();
    push(job);
    expect(seen).toHaveLength(1);
  });
});
