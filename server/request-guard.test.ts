import { describe, expect, it } from 'vitest';
import {
  checkOrigin,
  cookieValue,
  isAllowedHost,
  isLoopbackHost,
  tokenCookieName,
} from './request-guard';

const loopback = { host: '127.0.0.1', port: 4321 };

describe('isAllowedHost', () => {
  it('accepts this server by loopback name and port', () => {
    for (const header of ['127.0.0.1:4321', 'localhost:4321', 'LOCALHOST:4321', '[::1]:4321']) {
      expect(isAllowedHost(header, loopback), header).toBe(true);
    }
  });

  it('refuses other names, other ports and malformed headers (DNS rebinding)', () => {
    for (const header of [
      undefined,
      '',
      'evil.example:4321',
      'localhost.evil.example:4321',
      '127.0.0.1.nip.io:4321',
      '127.0.0.1:4322',
      '127.0.0.1',
      'localhost:4321:4321',
      '192.168.1.20:4321',
    ]) {
      expect(isAllowedHost(header, loopback), String(header)).toBe(false);
    }
  });

  it('accepts the address it was told to listen on, and any IP only when listening everywhere', () => {
    const lan = { host: '192.168.1.20', port: 80 };
    expect(isAllowedHost('192.168.1.20:80', lan)).toBe(true);
    expect(isAllowedHost('10.0.0.5:80', lan)).toBe(false);
    const everywhere = { host: '0.0.0.0', port: 80 };
    expect(isAllowedHost('10.0.0.5:80', everywhere)).toBe(true);
    expect(isAllowedHost('[fe80::1]:80', everywhere)).toBe(true);
    // A domain name can be pointed anywhere by whoever owns it: never accepted.
    expect(isAllowedHost('attacker.example:80', everywhere)).toBe(false);
  });

  it('knows the loopback names', () => {
    expect(['127.0.0.1', '127.8.9.10', 'localhost', '::1'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '192.168.0.1', '::', 'example.com'].some(isLoopbackHost)).toBe(false);
  });
});

describe('checkOrigin', () => {
  const host = '127.0.0.1:4321';

  it('lets same-origin pages and non-browser clients through', () => {
    expect(checkOrigin(undefined, undefined, host)).toEqual({ allowed: true });
    expect(checkOrigin('http://127.0.0.1:4321', 'same-origin', host)).toEqual({ allowed: true });
    expect(checkOrigin(undefined, 'none', host)).toEqual({ allowed: true });
  });

  it('refuses other origins, opaque origins and cross-site fetches', () => {
    for (const [origin, site] of [
      ['http://evil.example', undefined],
      ['http://localhost:4321', undefined], // same server, different origin string
      ['http://127.0.0.1:3000', undefined], // another local app
      ['https://127.0.0.1:4321', undefined],
      ['null', undefined],
      [undefined, 'cross-site'],
      [undefined, 'same-site'],
    ] as const) {
      expect(checkOrigin(origin, site, host).allowed, `${origin} ${site}`).toBe(false);
    }
  });
});

describe('token cookie', () => {
  it('is named per port and read from a Cookie header', () => {
    expect(tokenCookieName(4321)).toBe('turnwise_token_4321');
    const header = 'a=1; turnwise_token_4321=abc=def; turnwise_token_9=x';
    expect(cookieValue(header, 'turnwise_token_4321')).toBe('abc=def');
    expect(cookieValue(header, 'turnwise_token_1')).toBeUndefined();
    expect(cookieValue(undefined, 'a')).toBeUndefined();
  });
});
