// A span of a parsed message: a redaction marker's span (markdown-plugins.ts) is the chip naming
// its rule; any other span renders as it is.
import type { ComponentProps } from 'react';
import { RedactionChip } from './RedactionChip';

type Props = ComponentProps<'span'> & { 'data-redaction'?: string; node?: unknown };

export function MarkdownSpan({ node: _node, ...props }: Props) {
  const kind = props['data-redaction'];
  return kind === undefined ? <span {...props} /> : <RedactionChip kind={kind} />;
}
