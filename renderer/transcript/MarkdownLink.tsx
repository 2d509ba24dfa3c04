// A Markdown link: an http(s) target is a button that opens it in a new browsing context on a
// click (never an href, so nothing can navigate the app window); any other target is plain text.
import type { ReactNode } from 'react';
import { openLink } from './markdown-urls';
import { markdownLinkClasses } from './markdown-link-styles';

/** `href` has been through markdownUrl: empty unless it is a link we may open. */
export function MarkdownLink({ href, children }: { href?: string; children?: ReactNode }) {
  if (href === undefined || href === '') return <>{children}</>;
  return (
    <button
      type="button"
      className={markdownLinkClasses.link}
      title={`Open ${href} in your browser`}
      data-testid="markdown-link"
      onClick={() => openLink(href)}
    >
      {children}
    </button>
  );
}
