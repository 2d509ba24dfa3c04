// A Markdown image: inline data: raster images are shown; anything else (remote, file:, SVG) is
// never loaded and stands as a text placeholder with its URL, so nothing leaves the machine.
import { isInlineImage } from './markdown-urls';
import { markdownImageClasses } from './markdown-image-styles';

const c = markdownImageClasses;

/** Shown URLs are cut here: a long data: URL would otherwise fill the card. */
const MAX_SHOWN_URL = 200;

export function MarkdownImage({ src = '', alt = '' }: { src?: string; alt?: string }) {
  if (isInlineImage(src)) {
    return <img className={c.image} src={src} alt={alt} data-testid="markdown-image" />;
  }
  const shown = src.length > MAX_SHOWN_URL ? `${src.slice(0, MAX_SHOWN_URL)}…` : src;
  const why = /^https?:/i.test(src)
    ? 'remote images are not loaded'
    : 'only inline images are shown';
  return (
    <span className={c.placeholder} data-testid="markdown-image-placeholder">
      [image: {alt === '' ? 'no description' : alt} — {why}]
      {shown !== '' && <span className={c.url}> {shown}</span>}
    </span>
  );
}
