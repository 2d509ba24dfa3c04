// turnwise serve --db FILE [options] (the table is SERVE_COMMAND; --log-dir DIR writes logs): browser mode until
// interrupted. It listens on 127.0.0.1; another address (--host) is an explicit choice
// and gets a warning.
// The server and the engine load only when the command runs (serve-run.ts), not for --help.
import { DEFAULT_UPLOAD_LIMITS } from '../server/upload-store';
import type { CommandSpec } from './command-spec';

export const SERVE_COMMAND: CommandSpec = {
  name: 'serve',
  summary: 'Serve the app to a browser on this machine until interrupted (browser mode).',
  usage: ['--db FILE [options]'],
  options: [
    { name: 'db', value: 'FILE', description: 'the workspace (required)' },
    { name: 'port', value: 'N', description: 'the port; 0 picks a free one', default: '0' },
    {
      name: 'host',
      value: 'ADDR',
      description: 'the address to listen on; any other than loopback is warned about',
      default: '127.0.0.1',
    },
    {
      name: 'max-upload-mb',
      value: 'N',
      description: 'the largest upload, in MB',
      applies: String(DEFAULT_UPLOAD_LIMITS.maxBytes / 2 ** 20),
    },
    {
      name: 'max-uploads',
      value: 'N',
      description: 'uploads kept at once',
      applies: String(DEFAULT_UPLOAD_LIMITS.maxCount),
    },
    {
      name: 'log-dir',
      value: 'DIR',
      description: 'write serve.log and engine.log (rotating) into this folder',
    },
  ],
  run: async (args) => (await import('./serve-run')).serveCommand(args),
};
