// An endpoint URL typed as a command-line flag is the user's own, given on this machine, so the
// key they name may go to its host (docs/security.md, "Endpoint keys"). The CLI runs the engine
// in its own process: listing the host in this process's TURNWISE_KEY_HOSTS is all it takes, and
// nothing outlives the command. The API has no such list: there a page could fill it.
import { KEY_HOSTS_ENV } from '../engine/endpoints/endpoint-key';

export function trustFlagEndpoints(
  urls: readonly (string | undefined)[],
  env: Record<string, string | undefined> = process.env,
): void {
  const hosts = urls.flatMap((url) =>
    url !== undefined && URL.canParse(url) ? [new URL(url).hostname] : [],
  );
  if (hosts.length === 0) return;
  env[KEY_HOSTS_ENV] = [env[KEY_HOSTS_ENV], ...hosts].filter(Boolean).join(',');
}
