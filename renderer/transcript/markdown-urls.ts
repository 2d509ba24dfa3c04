// Which URLs in message Markdown become live: http(s) links (opened only on a click, in a new
// browsing context; in Electron the main process asks before handing them to the OS browser,
// docs/security.md) and inline data: raster images. Everything else is shown as text.

/** Longest URL offered as a link; the main process refuses longer ones too. */
const MAX_LINK_LENGTH = 4096;

// Raster types only: an SVG cannot run script inside <img>, but it is not worth the doubt.
const INLINE_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|bmp|avif);base64,[A-Za-z0-9+/=\s]+$/i;

/** The normalised http(s) URL a link may open, or null (other schemes, credentials, junk). */
export function linkUrlOf(url: string): string | null {
  if (url.length > MAX_LINK_LENGTH) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  // user:pass@ is a classic way to disguise the real host.
  if (parsed.username !== '' || parsed.password !== '') return null;
  return parsed.href;
}

/** True for a base64 data: URL of a raster image, the only images we load. */
export function isInlineImage(url: string): boolean {
  return INLINE_IMAGE.test(url);
}

/**
 * react-markdown's urlTransform: hrefs that are not links become empty (the link component then
 * shows plain text); image sources pass through for the image component to show as an image or
 * as text; any other URL attribute is dropped.
 */
export function markdownUrl(url: string, key: string): string {
  if (key === 'href') return linkUrlOf(url) ?? '';
  if (key === 'src') return url;
  return '';
}

/** Opens a link in a new browsing context with no opener and no referrer (the app URL holds
 * the session token). Electron's window-open handler turns this into a confirmed OS-browser open. */
export function openLink(url: string): void {
  const target = linkUrlOf(url);
  if (target !== null) window.open(target, '_blank', 'noopener,noreferrer');
}
