// Test material: real-shaped values that are not secrets and must stay in clear (docs/security.md,
// how redaction is measured): CTF flags a task asks for, passwords a task's prompt hands the
// agent, git SHAs, UUIDs, hashes, base64 image data and long random ids in tool outputs.
import { randomUUID } from 'node:crypto';
import { ALNUM, HEX, random } from './planted-secrets';

export interface PlantedValue {
  kind: string;
  /** The value that must survive redaction. */
  value: string;
  /** How it appears in a turn. */
  text: string;
  /** What the task's prompt says, for values the task gives or asks for. */
  prompt?: string;
}

const BASE64 = `${ALNUM}+/`;

export function plantedNonSecrets(): PlantedValue[] {
  const flag = (prefix: string) => `${prefix}{${random(ALNUM + '_', 24)}}`;
  const [pico, htb, plain, quoted] = [flag('picoCTF'), flag('HTB'), flag('flag'), flag('CTF')];
  const given = `${random(ALNUM, 10)}-${random(ALNUM, 4)}`;
  const sha = random(HEX, 40);
  const digest = random(HEX, 64);
  const image = random(BASE64, 2400);
  const flagPrompt = 'Find the flag hidden on the server and submit it.';
  const list: PlantedValue[] = [
    { kind: 'ctf-flag', value: pico, text: `$ cat /root/flag.txt\n${pico}`, prompt: flagPrompt },
    { kind: 'ctf-flag-named', value: htb, text: `{"secret": "${htb}"}`, prompt: flagPrompt },
    { kind: 'ctf-flag-assigned', value: plain, text: `password=${plain}`, prompt: flagPrompt },
    { kind: 'ctf-flag-quoted', value: quoted, text: `api_key: '${quoted}'`, prompt: flagPrompt },
    {
      kind: 'prompt-password',
      value: given,
      text: `sshpass -p ${given} ssh admin@target; export ADMIN_PASSWORD=${given}`,
      prompt: `Log in to the target as admin with password ${given} and read the flag.`,
    },
    { kind: 'git-sha', value: sha, text: `commit ${sha}\nAuthor: Ana <ana@example.com>` },
    { kind: 'git-sha-json', value: sha, text: `{"sha": "${sha}", "parent_token": "none"}` },
    { kind: 'uuid', value: randomUUID(), text: '' },
    { kind: 'request-id', value: randomUUID(), text: '' },
    { kind: 'sha256-digest', value: digest, text: `Digest: sha256:${digest}` },
    { kind: 'md5-checksum', value: random(HEX, 32), text: '' },
    { kind: 'image-data', value: image, text: `data:image/png;base64,${image}` },
    { kind: 'image-json', value: image, text: `{"type": "image", "data": "${image}"}` },
    { kind: 'completion-id', value: `chatcmpl-${random(ALNUM, 29)}`, text: '' },
    { kind: 'tool-call-id', value: `call_${random(ALNUM, 24)}`, text: '' },
    { kind: 'container-id', value: random(HEX, 64), text: '' },
    { kind: 'page-token', value: random(BASE64, 48), text: '' },
    { kind: 'token-counts', value: '"prompt_tokens": 18342', text: '' },
    { kind: 'eos-token', value: '<|endoftext|>', text: '' },
  ];
  const shaped: Record<string, (value: string) => string> = {
    uuid: (v) => `session_id=${v} started`,
    'request-id': (v) => `{"request_id": "${v}", "status": 200}`,
    'md5-checksum': (v) => `{"checksum": "${v}", "size": 1024}`,
    'completion-id': (v) => `{"id": "${v}", "object": "chat.completion"}`,
    'tool-call-id': (v) => `tool_call_id: ${v}`,
    'container-id': (v) => `Started container ${v}`,
    'page-token': (v) => `{"items": [], "next_page_token": "${v}"}`,
    'token-counts': (v) => `{"usage": {${v}, "max_tokens": 4096}}`,
    'eos-token': (v) => `{"eos_token": "${v}", "pad_token_id": 50256}`,
  };
  return list.map((planted) => ({
    ...planted,
    text: planted.text === '' ? (shaped[planted.kind]?.(planted.value) ?? '') : planted.text,
  }));
}
