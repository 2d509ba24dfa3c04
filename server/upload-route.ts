// The /upload route and the upload lifecycle of browser mode: a dropped file is received into the
// UploadStore, imported by path like any other file, and removed once an import of it succeeds
// (a failed or cancelled import keeps it, so the user can retry with other options); whatever is
// left is removed when the server closes.
import type { IncomingMessage } from 'node:http';
import { fail, ok, type Result } from '../shared/result';
import { toFailure } from '../engine/core/failure';
import type { Engine } from '../engine/core/engine-types';
import { UploadError, UploadStore, type UploadLimits } from './upload-store';

export interface UploadAnswer {
  status: number;
  body: Result<unknown>;
}

export interface UploadRoute {
  receive(request: IncomingMessage, rawName: string): Promise<UploadAnswer>;
  /** A refusal for an API call that cannot work on uploads, or null to dispatch it. */
  refuse(method: string, input: unknown): UploadAnswer | null;
  /** Notes the job an import of uploads started, so its files go once it succeeds. */
  noteDispatched(method: string, input: unknown, result: Result<unknown>): Promise<void>;
  close(): void;
}

function importPaths(input: unknown): string[] {
  const paths = (input as { paths?: unknown } | null)?.paths;
  return Array.isArray(paths) ? paths.filter((p): p is string => typeof p === 'string') : [];
}

export function createUploadRoute(
  engine: Engine,
  root: string | undefined,
  limits: UploadLimits | undefined,
): UploadRoute {
  const store = new UploadStore(root, limits);
  const uploadsOfJob = new Map<string, string[]>();

  function finished(jobId: string, status: string): void {
    const files = uploadsOfJob.get(jobId);
    if (files === undefined || status === 'running') return;
    uploadsOfJob.delete(jobId);
    if (status === 'succeeded') store.release(files);
  }
  const stopEvents = engine.onJobEvent((job) => finished(job.job_id, job.status));

  return {
    async receive(request, rawName) {
      try {
        return { status: 200, body: ok({ path: await store.receive(request, rawName) }) };
      } catch (error) {
        if (error instanceof UploadError) {
          return { status: error.status, body: fail(error.code, error.message) };
        }
        return { status: 500, body: toFailure(error) };
      }
    },
    refuse(method, input) {
      if (method !== 'startImport' || (input as { attach?: unknown } | null)?.attach !== true) {
        return null;
      }
      if (!importPaths(input).some((file) => store.owns(file))) return null;
      return {
        status: 400,
        body: fail(
          'invalid_input',
          'an uploaded file cannot be attached: attaching reads files where they are, and an ' +
            'upload is removed when the server closes. Import it instead, or attach it from the desktop app or `turnwise import --attach`.',
        ),
      };
    },
    async noteDispatched(method, input, result) {
      if (method !== 'startImport' || !result.ok) return;
      const files = importPaths(input).filter((file) => store.owns(file));
      const jobId = (result.value as { job_id?: unknown }).job_id;
      if (files.length === 0 || typeof jobId !== 'string') return;
      uploadsOfJob.set(jobId, files);
      // The job may have ended before its id reached us; its events are then already gone.
      const now = await engine.dispatch('getJob', { job_id: jobId });
      if (now.ok) finished(jobId, (now.value as { status: string }).status);
    },
    close() {
      stopEvents();
      store.clear();
    },
  };
}
