// Which API key from the environment may go to which endpoint (docs/security.md#endpoint-keys).
// Requests name a key by variable (api_key_env) and give the endpoint's URL, and any caller of
// the API can do both: in browser mode that is whatever page holds the token, and the engine
// cannot tell the judge dialog from it. So the name must look like a model-API key, and the key
// goes only to this machine, to its own provider, or to hosts the user listed in this
// machine's environment, which neither a page nor a workspace can change.
import { TurnwiseError } from '../../shared/result';

export type Env = Record<string, string | undefined>;

/** Hosts (comma or space separated) the user lets keys from the environment go to. */
export const KEY_HOSTS_ENV = 'TURNWISE_KEY_HOSTS';

const KEY_NAME = /^[A-Z][A-Z0-9_]*_KEY$/;
/** Credentials that end in _KEY but are no model API's (cloud, code hosting, signing). */
const REFUSED_PREFIXES = ['AWS_', 'GITHUB_', 'GH_', 'GITLAB_', 'SSH_', 'GPG_', 'NPM_', 'DOCKER_'];
const REFUSED_WORDS = ['PASSWORD', 'PASSWD', 'SECRET', 'PRIVATE', 'SESSION', 'SIGNING'];

/** The hosts each provider's documented key variable is for; https only. */
const PROVIDER_HOSTS: Readonly<Record<string, readonly string[]>> = {
  OPENAI_API_KEY: ['api.openai.com'],
  ANTHROPIC_API_KEY: ['api.anthropic.com'],
  AZURE_OPENAI_API_KEY: [
    '.openai.azure.com',
    '.cognitiveservices.azure.com',
    '.services.ai.azure.com',
  ],
  GEMINI_API_KEY: ['generativelanguage.googleapis.com'],
  MISTRAL_API_KEY: ['api.mistral.ai'],
  GROQ_API_KEY: ['api.groq.com'],
  TOGETHER_API_KEY: ['api.together.xyz'],
  FIREWORKS_API_KEY: ['api.fireworks.ai'],
  DEEPSEEK_API_KEY: ['api.deepseek.com'],
  OPENROUTER_API_KEY: ['openrouter.ai'],
};

function refuse(message: string): TurnwiseError {
  return new TurnwiseError('invalid_input', `${message} (docs/security.md, "Endpoint keys")`);
}

/** Refuses a variable name that does not look like a model API's key. */
export function checkKeyName(name: string): void {
  const upper = name.toUpperCase();
  const refused =
    REFUSED_PREFIXES.find((prefix) => upper.startsWith(prefix)) ??
    REFUSED_WORDS.find((word) => upper.includes(word));
  if (refused !== undefined) {
    throw refuse(`${name} is not sent to endpoints: names with ${refused} are other credentials`);
  }
  if (!KEY_NAME.test(upper)) {
    throw refuse(
      `${name} is not sent to endpoints: a key variable's name ends in _API_KEY or _KEY ` +
        '(e.g. OPENAI_API_KEY, VLLM_API_KEY)',
    );
  }
}

function bare(host: string): string {
  return host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function listedHosts(env: Env): string[] {
  return (env[KEY_HOSTS_ENV] ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(bare);
}

function isProviderHost(name: string, url: URL): boolean {
  if (url.protocol !== 'https:') return false;
  const host = bare(url.hostname);
  return (PROVIDER_HOSTS[name.toUpperCase()] ?? []).some((entry) =>
    entry.startsWith('.') ? host.endsWith(entry) : host === entry,
  );
}

/** True when the rule lets the key named `name` go to `url`. */
export function keyMayGoTo(name: string, endpoint: string, env: Env): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = bare(url.hostname);
  return isLoopback(host) || isProviderHost(name, url) || listedHosts(env).includes(host);
}

/**
 * The key in variable `name` for a request to `endpoint`: undefined when no name is given or the
 * variable is unset or empty; invalid_input when the rule refuses the name or the host.
 */
export function endpointKey(
  name: string | undefined,
  endpoint: string,
  env: Env,
): string | undefined {
  if (name === undefined) return undefined;
  checkKeyName(name);
  const key = env[name];
  if (key === undefined || key === '') return undefined;
  if (!keyMayGoTo(name, endpoint, env)) {
    const host = URL.canParse(endpoint) ? new URL(endpoint).host : endpoint;
    throw refuse(
      `${name} is not sent to ${host}: a key from the environment goes only to this machine ` +
        `(localhost), to its own provider's host over https, or to a host listed in ${KEY_HOSTS_ENV}`,
    );
  }
  return key;
}
