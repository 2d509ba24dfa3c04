// Test material: one made-up secret of every kind the scanner must find, in the exact shape each
// issuer uses, with fresh random bodies so no real credential is ever written down.
import { randomInt } from 'node:crypto';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
export const ALNUM = UPPER + LOWER + DIGITS;
export const HEX = '0123456789abcdef';

export function random(alphabet: string, length: number): string {
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)] ?? '').join('');
}

function jwtPart(): string {
  return `ey${random(ALNUM, 30)}`;
}

export interface PlantedSecret {
  kind: string;
  /** The secret itself: none of it may survive redaction. */
  secret: string;
  /** How it appears in text (e.g. inside a header or an assignment). */
  text: string;
}

export function plantedSecrets(): PlantedSecret[] {
  const aws = `AKIA${random('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16)}`;
  const awsSecret = random(ALNUM + '+/', 40);
  const pemBody = Array.from({ length: 6 }, () => random(ALNUM + '+/', 64)).join('\n');
  const password = random(ALNUM, 18);
  // Not ending in `.`: the scanner reads a final dot as the sentence's, as a person would.
  const bearer = random(ALNUM + '._-', 39) + random(ALNUM, 1);
  const jwt = `${jwtPart()}.${jwtPart()}.${random(ALNUM + '_-', 43)}`;
  const stripe = `sk_live_${random(ALNUM, 32)}`;
  return [
    { kind: 'aws-access-key-id', secret: aws, text: `export AWS_ACCESS_KEY_ID=${aws}` },
    {
      kind: 'aws-secret-access-key',
      secret: awsSecret,
      text: `aws_secret_access_key = ${awsSecret}`,
    },
    { kind: 'github-pat', secret: `ghp_${random(ALNUM, 36)}`, text: '' },
    { kind: 'gitlab-pat', secret: `glpat-${random(ALNUM, 20)}`, text: '' },
    {
      kind: 'slack-bot-token',
      secret: `xoxb-${random(DIGITS, 12)}-${random(DIGITS, 12)}-${random(ALNUM, 24)}`,
      text: '',
    },
    { kind: 'google-api-key', secret: `AIza${random(ALNUM + '_-', 35)}`, text: '' },
    { kind: 'stripe-secret-key', secret: stripe, text: `stripe.api_key = "${stripe}"` },
    {
      kind: 'pem-private-key',
      secret: pemBody.slice(0, 64),
      text: `-----BEGIN RSA PRIVATE KEY-----\n${pemBody}\n-----END RSA PRIVATE KEY-----`,
    },
    {
      kind: 'password-in-url',
      secret: password,
      text: `git clone https://deploy:${password}@git.internal.example/repo.git`,
    },
    { kind: 'bearer-token', secret: bearer, text: `Authorization: Bearer ${bearer}` },
    { kind: 'jwt', secret: jwt, text: `session=${jwt}` },
    {
      kind: 'openai-api-key',
      secret: `sk-${random(ALNUM, 20)}T3BlbkFJ${random(ALNUM, 20)}`,
      text: '',
    },
    {
      kind: 'anthropic-api-key',
      secret: `sk-ant-api03-${random(ALNUM + '_-', 93)}AA`,
      text: '',
    },
  ].map((planted) => ({
    ...planted,
    text: planted.text === '' ? `the key is ${planted.secret} ok` : planted.text,
  }));
}

/** A password as people and generators make them: letters, digits and a few symbols. */
function password(): string {
  return `${random(UPPER, 2)}${random(ALNUM, 10)}${random('!#%^*-_', 1)}${random(DIGITS, 3)}`;
}

/** A password as a URL's userinfo may hold it unencoded (RFC 3986 unreserved and sub-delims). */
function urlPassword(): string {
  return `${random(UPPER, 2)}${random(ALNUM, 10)}${random("!$&'()*+,;=-._~", 1)}${random(DIGITS, 3)}`;
}

/**
 * Secrets in the shapes that slipped past the scanner before (docs/security.md): names outside
 * the exact list, values followed by `&`, `.`, `)`, `,` or `:`, JSON printed inside a string,
 * connection strings, env files, and the newer key formats. Fresh random bodies each call.
 */
export function plantedInContext(): PlantedSecret[] {
  const pw = Array.from({ length: 8 }, password);
  const url = [urlPassword(), urlPassword()];
  const token = Array.from({ length: 6 }, () => random(ALNUM, 32));
  const awsSecret = random(ALNUM + '+/', 40);
  const jwt = `${jwtPart()}.${jwtPart()}.${random(ALNUM + '_-', 43)}`;
  const openai = `sk-proj-${random(ALNUM + '_-', 58)}T3BlbkFJ${random(ALNUM + '_-', 58)}`;
  const slackHook = `T${random(UPPER + DIGITS, 8)}/B${random(UPPER + DIGITS, 8)}/${random(ALNUM, 24)}`;
  const pem = Array.from({ length: 4 }, () => random(ALNUM + '+/', 64)).join('\n');
  const list: [string, string, string][] = [
    ['env-db-password', pw[0] ?? '', `DB_HOST=db.internal\nDB_PASSWORD=${pw[0]}\nDB_PORT=5432`],
    ['json-session-token', token[0] ?? '', `{"user": "ana", "session_token": "${token[0]}"}`],
    ['json-aws-secret', awsSecret, `{"AWS_SECRET_ACCESS_KEY": "${awsSecret}", "region": "eu"}`],
    ['query-token-amp', token[1] ?? '', `GET /v1/items?access_token=${token[1]}&page=2 200`],
    ['call-paren', token[2] ?? '', `client = Client(api_secret=${token[2]}), retrying`],
    ['comma-after', token[3] ?? '', `Loaded credentials: ${token[3]}, region eu-west-1`],
    ['colon-after', token[4] ?? '', `service_token=${token[4]}: accepted`],
    ['full-stop-after', pw[1] ?? '', `The admin_password=${pw[1]}. Rotate it.`],
    [
      'json-in-string',
      pw[2] ?? '',
      JSON.stringify({ output: JSON.stringify({ db_password: pw[2], host: 'db' }) }),
    ],
    ['postgres-url', url[0] ?? '', `DATABASE_URL=postgres://app:${url[0]}@db.internal:5432/prod`],
    ['mongodb-url', url[1] ?? '', `mongodb+srv://admin:${url[1]}@cluster0.example.net/test`],
    ['yaml-password', pw[5] ?? '', `database:\n  user: app\n  password: "${pw[5]}"\n`],
    ['camel-case', pw[6] ?? '', `const smtpPassword = '${pw[6]}';`],
    ['cookie-jwt', jwt, `Cookie: session=${jwt}; Path=/`],
    ['openai-project-key', openai, `export OPENAI_API_KEY=${openai}`],
    ['slack-webhook', slackHook, `curl -X POST https://hooks.slack.com/services/${slackHook}`],
    ['stripe-restricted', `rk_live_${token[5]}`, `stripe.api_key = "rk_live_${token[5]}"`],
    ['github-fine-grained', `github_pat_${random(ALNUM + '_', 82)}`, ''],
    ['huggingface-token', `hf_${random(LOWER + UPPER, 34)}`, ''],
    ['npm-token', `npm_${random(LOWER + DIGITS, 36)}`, ''],
    [
      'openssh-private-key',
      pem.slice(0, 64),
      `-----BEGIN OPENSSH PRIVATE KEY-----\n${pem}\n-----END OPENSSH PRIVATE KEY-----`,
    ],
    ['cli-password-flag', pw[7] ?? '', `mysql -u root --password=${pw[7]} -h db`],
  ];
  return list.map(([kind, secret, text]) => ({
    kind,
    secret,
    text: text === '' ? `Using ${secret}, then pushing.` : text,
  }));
}
