// An endpoint given as a flag may receive the key the user names, even on another host; the same
// request through the API may not. The server is a local one reached by this machine's network
// address, so to the endpoint key rule it is another host.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KEY_HOSTS_ENV } from '../engine/endpoints/endpoint-key';
import { openEngine } from '../engine/engine';
import { turnwiseRecord } from '../engine/testing/test-support';
import { cliWorkspace, importRuns } from './cli-test-support';
import { trustFlagEndpoints } from './flag-endpoints';
import { CliFailure } from './output';
import { scoreCommand } from './scoring-command';

const KEY_NAME = 'TW_FLAG_ENDPOINT_TEST_API_KEY';
const KEY = 'sk-flag-endpoint-7d2e';
const workspace = cliWorkspace();
let server: Server;
let url: string;
const authorizations: (string | undefined)[] = [];
const before = { hosts: process.env[KEY_HOSTS_ENV], key: process.env[KEY_NAME] };

beforeAll(async () => {
  await importRuns(workspace, [turnwiseRecord({ id: 'a', task: 'T1' })]);
  const lan = Object.values(networkInterfaces())
    .flat()
    .find((a) => a !== undefined && !a.internal && a.family === 'IPv4');
  if (lan === undefined) throw new Error('this test needs a non-loopback IPv4 address');
  // Lists one vLLM model and refuses the rest: the key is seen on the first request.
  server = createServer((request, response) => {
    authorizations.push(request.headers.authorization);
    const models = request.url?.endsWith('/models') === true;
    response.writeHead(models ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(models ? { data: [{ id: 'm', owned_by: 'vllm' }] } : {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  url = `http://${lan.address}:${(server.address() as AddressInfo).port}/v1`;
  process.env[KEY_NAME] = KEY;
});

afterEach(() => {
  authorizations.length = 0;
  // The command lists its endpoint's host for the rest of this process; the next test starts clean.
  if (before.hosts === undefined) Reflect.deleteProperty(process.env, KEY_HOSTS_ENV);
  else process.env[KEY_HOSTS_ENV] = before.hosts;
});

afterAll(async () => {
  if (before.key === undefined) Reflect.deleteProperty(process.env, KEY_NAME);
  else process.env[KEY_NAME] = before.key;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('an endpoint given as a flag', () => {
  it('lists the hosts of the URLs it is given, after those already listed', () => {
    const env = { [KEY_HOSTS_ENV]: 'gpu-box.lan' };
    trustFlagEndpoints(
      ['http://10.0.0.7:8000/v1', undefined, 'not a url', 'https://[fd00::2]/'],
      env,
    );
    expect(env[KEY_HOSTS_ENV]).toBe('gpu-box.lan,10.0.0.7,[fd00::2]');
    const empty: Record<string, string | undefined> = {};
    trustFlagEndpoints([undefined], empty);
    expect(empty).toEqual({});
  });

  it('is refused the key through the API, and sent it by turnwise score', async () => {
    const engine = await openEngine({ dbPath: workspace.db });
    try {
      const refused = await engine.dispatch('listEndpointModels', {
        base_url: url,
        api_key_env: KEY_NAME,
      });
      expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    } finally {
      await engine.close();
    }
    expect(authorizations).toEqual([]);
    const run = scoreCommand([
      '--db',
      workspace.db,
      '--policy-endpoint',
      url,
      '--api-key-env',
      KEY_NAME,
      '--json',
    ]);
    // The server is no real vLLM, so scoring fails after the key went with the model list.
    await expect(run).rejects.toBeInstanceOf(CliFailure);
    expect(authorizations[0]).toBe(`Bearer ${KEY}`);
  });
});
