// The endpoint key rule through the API, against a local server reached two ways: as 127.0.0.1
// (this machine) and as this machine's network address (a host like any other). What the server
// receives is what a hostile endpoint would: no request at all when the rule refuses the key.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInput, ApiMethod } from '../../shared/api';
import { DEFAULT_API_KEY_ENV } from '../../shared/api-judge';
import { openEngine } from '../engine';
import type { Engine } from '../core/engine-types';
import { tempDir } from '../testing/test-support';
import { KEY_HOSTS_ENV } from './endpoint-key';

const KEY_NAME = 'TW_ENDPOINT_TEST_API_KEY';
const KEY = 'sk-endpoint-test-4f1c';
const CREDENTIAL = 'ghp_endpointtest0000000000000000000000';

let engine: Engine;
let cleanup: () => void;
let server: Server;
let port: number;
/** A non-loopback address of this machine: to the rule, another host. */
let lanHost: string;
const seen: IncomingHttpHeaders[] = [];
const saved = new Map<string, string | undefined>();

function setEnv(name: string, value: string | undefined): void {
  if (!saved.has(name)) saved.set(name, process.env[name]);
  if (value === undefined) Reflect.deleteProperty(process.env, name);
  else process.env[name] = value;
}

beforeAll(async () => {
  const addresses = Object.values(networkInterfaces()).flat();
  const lan = addresses.find((a) => a !== undefined && !a.internal && a.family === 'IPv4');
  if (lan === undefined) throw new Error('this test needs a non-loopback IPv4 address');
  lanHost = lan.address;
  // A model list as vLLM answers it, and every request's headers.
  server = createServer((request, response) => {
    seen.push(request.headers);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ object: 'list', data: [{ id: 'm', owned_by: 'vllm' }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  port = (server.address() as AddressInfo).port;
  const temp = tempDir();
  cleanup = temp.cleanup;
  engine = await openEngine({ dbPath: path.join(temp.dir, 'ws.duckdb') });
});

afterEach(() => {
  for (const [name, value] of saved) setEnv(name, value);
  saved.clear();
  seen.length = 0;
});

afterAll(async () => {
  await engine.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  cleanup();
});

const local = () => `http://127.0.0.1:${port}/v1`;
const remote = () => `http://${lanHost}:${port}/v1`;

async function refusedWith<M extends ApiMethod>(method: M, input: ApiInput<M>): Promise<string> {
  const result = await engine.dispatch(method, input);
  expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  return result.ok ? '' : result.error.message;
}

describe('a key from the environment and the endpoint it would go to', () => {
  it('is sent to this machine', async () => {
    setEnv(KEY_NAME, KEY);
    const result = await engine.dispatch('listEndpointModels', {
      base_url: local(),
      api_key_env: KEY_NAME,
    });
    expect(result).toMatchObject({ ok: true, value: { server: 'vllm' } });
    expect(seen.map((headers) => headers.authorization)).toEqual([`Bearer ${KEY}`]);
  });

  it('is not sent to another host, and that host hears nothing', async () => {
    setEnv(KEY_NAME, KEY);
    setEnv(DEFAULT_API_KEY_ENV, KEY);
    const scoring = { base_url: remote(), api_key_env: KEY_NAME };
    const messages = [
      await refusedWith('listEndpointModels', scoring),
      await refusedWith('startScoring', { policy: scoring }),
      // The judge's default key variable is OPENAI_API_KEY, and another host is not OpenAI's.
      await refusedWith('startJudge', { endpoint: remote(), model: 'm' }),
      await refusedWith('startJudgeEval', {
        prompt_version: 'default/1',
        endpoint: remote(),
        model: 'm',
      }),
    ];
    for (const message of messages) {
      expect(message).toContain(`is not sent to ${lanHost}:${port}`);
      expect(message).not.toContain(KEY);
    }
    expect(seen).toEqual([]);
  });

  it('is sent to another host once the user lists it in the environment', async () => {
    setEnv(KEY_NAME, KEY);
    setEnv(KEY_HOSTS_ENV, `gpu-box.lan,${lanHost}`);
    const result = await engine.dispatch('listEndpointModels', {
      base_url: remote(),
      api_key_env: KEY_NAME,
    });
    expect(result).toMatchObject({ ok: true });
    expect(seen.map((headers) => headers.authorization)).toEqual([`Bearer ${KEY}`]);
  });

  it('is never a credential of another kind, even to this machine', async () => {
    setEnv('GITHUB_TOKEN', CREDENTIAL);
    setEnv('AWS_SECRET_ACCESS_KEY', CREDENTIAL);
    for (const name of ['GITHUB_TOKEN', 'AWS_SECRET_ACCESS_KEY']) {
      const endpoint = { base_url: local(), api_key_env: name };
      await refusedWith('listEndpointModels', endpoint);
      await refusedWith('startScoring', { policy: endpoint });
      await refusedWith('startJudge', { endpoint: local(), model: 'm', api_key_env: name });
    }
    expect(seen).toEqual([]);
  });
});
