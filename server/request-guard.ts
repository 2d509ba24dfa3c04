// Browser mode's checks on each request, before the token: the Host header (a page that makes its
// own domain resolve to 127.0.0.1, DNS rebinding, must not reach the API) and the Origin and
// Sec-Fetch-Site headers (a page on another site, or another port of localhost, must not call it).
// Pure functions of the headers, so each refusal is unit-tested.

export interface BindAddress {
  /** The address the server listens on, as given (127.0.0.1 unless the user chose otherwise). */
  host: string;
  port: number;
}

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '::1']);
const WILDCARDS = new Set(['0.0.0.0', '::']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_NAMES.has(host) || /^127(\.\d{1,3}){3}$/.test(host);
}

export function isWildcardHost(host: string): boolean {
  return WILDCARDS.has(host);
}

/** An IP literal cannot be re-pointed by DNS, so it is safe as a Host when listening everywhere. */
function isIpLiteral(name: string): boolean {
  return /^(\d{1,3}\.){3}\d{1,3}$/.test(name) || /^[0-9a-f:]+$/i.test(name);
}

/** The name part of a Host header ("[::1]:80" gives "::1"), or null when it is malformed. */
function hostName(header: string, port: number): string | null {
  const match = /^(\[[0-9a-fA-F:]+\]|[^:[\]]+):(\d+)$/.exec(header);
  if (!match || Number(match[2]) !== port) return null;
  const name = match[1] ?? '';
  return (name.startsWith('[') ? name.slice(1, -1) : name).toLowerCase();
}

/** True when the Host header names this server: loopback, the bound address, or (bound to a
 * wildcard) any IP literal. Never an arbitrary domain name. */
export function isAllowedHost(header: string | undefined, bind: BindAddress): boolean {
  if (header === undefined) return false;
  const name = hostName(header, bind.port);
  if (name === null) return false;
  if (isLoopbackHost(name)) return true;
  if (name === bind.host.toLowerCase()) return true;
  return isWildcardHost(bind.host) && isIpLiteral(name);
}

export type OriginVerdict = { allowed: true } | { allowed: false; reason: string };

/**
 * A browser names the page that made a request in Origin (always on POST) and, in modern
 * browsers, says in Sec-Fetch-Site whether it is same-origin. Requests without either come from
 * scripts or a top-level navigation and are let through to the token check.
 */
export function checkOrigin(
  origin: string | undefined,
  fetchSite: string | undefined,
  hostHeader: string,
): OriginVerdict {
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    return { allowed: false, reason: `cross-origin request (Sec-Fetch-Site: ${fetchSite})` };
  }
  if (origin === undefined) return { allowed: true };
  if (origin !== `http://${hostHeader}`) {
    return { allowed: false, reason: `request from another origin '${origin}'` };
  }
  return { allowed: true };
}

/** The name of the cookie that carries the token for page loads; per port, as cookies are not. */
export function tokenCookieName(port: number): string {
  return `turnwise_token_${port}`;
}

/** The value of one cookie in a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      return part.slice(separator + 1).trim();
    }
  }
  return undefined;
}
