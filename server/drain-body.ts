// The rest of a refused request body, read and dropped before the refusal is sent. A client still
// sending when the server closes the socket gets EPIPE or a reset instead of the answer, so a
// browser-mode upload over the cap would fail as a network error rather than say "over N MB".
// Reading is bounded: past `maxBytes` the caller closes the connection instead.
import type { IncomingMessage } from 'node:http';

/** True when the body ended within `maxBytes`; false when it was longer or the request broke. */
export function drainBody(request: IncomingMessage, maxBytes: number): Promise<boolean> {
  if (request.readableEnded) return Promise.resolve(true);
  if (request.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (drained: boolean) => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
      request.off('close', onClose);
      if (!drained) request.pause();
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    const onClose = () => finish(request.readableEnded);
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
    request.on('close', onClose);
    request.resume();
  });
}
