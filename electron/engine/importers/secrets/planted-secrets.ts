// Test material: one made-up secret of every kind the scanner must find, in the exact shape each
// issuer uses, with fresh random bodies so no real credential is ever written down.
import { randomInt } from 'node:crypto';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = UPPER + LOWER + DIGITS;

function random(alphabet: string, length: number): string {
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
  const bearer = random(ALNUM + '._-', 40);
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
