import { describe, expect, it } from 'vitest';
import { looksLikeSecretValue, secretNameKind } from './secret-names';

describe('secret-named keys', () => {
  it.each([
    ['DB_PASSWORD', 'password'],
    ['db-passwd', 'password'],
    ['userPwd', 'password'],
    ['session_token', 'token'],
    ['AWS_SECRET_ACCESS_KEY', 'token'],
    ['awsSecretAccessKey', 'token'],
    ['x-api-key', 'token'],
    ['OPENAI_APIKEY', 'token'],
    ['github.accessToken', 'token'],
    ['gcp_credentials', 'token'],
    ['CLIENT_SECRET', 'token'],
    ['signing_key', 'token'],
  ])('names a secret by the words it contains: %s', (name, kind) => {
    expect(secretNameKind(name)).toBe(kind);
  });

  it.each([
    'max_tokens',
    'prompt_tokens',
    'token_count',
    'password_hint',
    'api_key_id',
    'AWS_ACCESS_KEY_ID',
    'secret_name',
    'next_page_token',
    'eos_token',
    'csrf_token',
    'public_key',
    'author',
    'keyboard',
    'primary_key',
    'tokenizer',
  ])('leaves a name about a secret, or about something else, alone: %s', (name) => {
    expect(secretNameKind(name)).toBeNull();
  });

  it.each([
    ['Xk9fPq2LmZ7rT4vB', 'token'],
    ['hunter42!', 'password'],
    ['sk-live.9f8e7d6c5b4a', 'token'],
    ['iHyCPUnMOwIiaUBatLMAwwYBZiigmzMg', 'token'],
    ['YOURUI7EIWeR_472', 'password'],
  ] as const)('takes a secret-looking value: %s', (value, kind) => {
    expect(looksLikeSecretValue(value, kind)).toBe(true);
  });

  it.each([
    'None',
    '${DB_PASSWORD}',
    '<your-token>',
    'your_api_key_here',
    'YOUR-TOKEN-1234',
    'yourpassword',
    'os.environ.get',
    'get_token(',
    'changeme',
    '********',
    'abcdefghij',
    '12345678',
    'two words',
    'aaaaaaaaaa',
    'getAccessTokenFromEnvironment',
    'THE_DEFAULT_SESSION_VALUE',
    '[REDACTED:jwt]',
  ])('refuses a placeholder, code or word: %s', (value) => {
    expect(looksLikeSecretValue(value, 'token')).toBe(false);
    expect(looksLikeSecretValue(value, 'password')).toBe(false);
  });
});
