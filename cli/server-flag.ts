// --server KIND, shared by the commands that talk to model servers (score, label, judge eval).
import { SERVER_CHOICES, type ServerChoice } from '../shared/server-profiles';
import type { CommandSpec } from './command-spec';
import { usageFailure } from './output';

export function serverOption(note = ''): CommandSpec['options'][number] {
  return {
    name: 'server',
    value: SERVER_CHOICES.join('|'),
    description: `the kind of server; auto asks it (docs/servers.md)${note === '' ? '' : ` ${note}`}`,
    applies: 'auto',
  };
}

/** The --server value, or undefined when not given; anything else is a usage error. */
export function serverFlag(values: Record<string, unknown>): ServerChoice | undefined {
  const value = values.server;
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (SERVER_CHOICES as readonly string[]).includes(value))
    return value as ServerChoice;
  throw usageFailure(`--server is ${SERVER_CHOICES.join(', ')}, not '${String(value)}'`);
}
