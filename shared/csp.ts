// The Content-Security-Policy of the app's pages, in Electron and in browser mode alike.
// No remote scripts; inline styles are needed by MUI's emotion; workers (Monaco) come from blob:.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

// Browsers ignore these directives in a <meta> policy and log an error for each; the HTTP server
// and Electron still send the full policy as a header.
const HEADER_ONLY_DIRECTIVES = ['frame-ancestors', 'report-uri', 'sandbox'];

/** The policy as the content of index.html's CSP meta tag (HTML-escaped, header-only parts out). */
export function metaPolicy(policy: string): string {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => !HEADER_ONLY_DIRECTIVES.includes(directive.split(/\s+/)[0] ?? ''))
    .join('; ')
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;');
}
