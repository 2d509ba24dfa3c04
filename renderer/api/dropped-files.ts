// A dropped file becomes a path the engine can import: in Electron the preload knows the file's
// real path; in browser mode the bytes are uploaded to the local server, which returns a path.
import type { Result } from '../../shared/result';
import { describeThrown, failure } from './errors';
import { asResult } from './errors';
import { takeToken } from './token';

export async function pathForDroppedFile(file: File): Promise<Result<string>> {
  const bridge = window.turnwise;
  if (bridge !== undefined && typeof bridge.pathForFile === 'function') {
    try {
      const path = bridge.pathForFile(file);
      return path === ''
        ? failure('invalid_input', `${file.name}: no path for this file`)
        : { ok: true, value: path };
    } catch (thrown) {
      return failure('invalid_input', `${file.name}: ${describeThrown(thrown)}`);
    }
  }
  try {
    const response = await fetch(`upload?name=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      headers: { 'x-turnwise-token': takeToken() ?? '' },
      body: file,
    });
    const result = asResult<{ path: string }>(await response.json());
    if (result === null)
      return failure('internal', `${file.name}: the upload answered without a result`);
    return result.ok ? { ok: true, value: result.value.path } : result;
  } catch (thrown) {
    return failure('io', `${file.name}: upload failed (${describeThrown(thrown)})`);
  }
}
