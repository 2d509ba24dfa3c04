// Remark plugins for message text. remarkHtmlAsText turns raw HTML in the source into plain
// text before anything can render it (react-markdown would too, but this keeps a block's line
// breaks and does not depend on leaving rehype-raw out). remarkSoftBreaks makes a single newline
// inside a paragraph a line break: agents and people write chat messages that way, and CommonMark
// would join the lines into one. remarkRedactions makes each `[REDACTED:<kind>]` marker in text a
// span the page shows as the chip naming its rule (markdown-elements.ts).
import { splitRedactions } from './redaction-markers';

/** The slice of a Markdown syntax-tree node these plugins read and write. */
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  /** How remark-rehype renders a node of a type of our own. */
  data?: { hName: string; hProperties: Record<string, string>; hChildren: MdNode[] };
}

/** The property that marks a span as a redaction (data-redaction="<kind>" on the page). */
export const REDACTION_PROPERTY = 'dataRedaction';

/** Nodes whose children are blocks: an HTML node there is a block and becomes a paragraph. */
const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

export function remarkHtmlAsText() {
  return (tree: MdNode): void => htmlAsText(tree);
}

export function remarkSoftBreaks() {
  return (tree: MdNode): void => splitBreaks(tree);
}

export function remarkRedactions() {
  return (tree: MdNode): void => markRedactions(tree);
}

/** Text nodes only: a marker inside inline code or a code block stays as written. */
function markRedactions(node: MdNode): void {
  if (node.children === undefined) return;
  node.children = node.children.flatMap((child): MdNode[] => {
    if (child.type !== 'text') {
      markRedactions(child);
      return [child];
    }
    return splitRedactions(child.value ?? '').map((piece) =>
      'kind' in piece
        ? {
            type: 'redaction',
            data: {
              hName: 'span',
              hProperties: { [REDACTION_PROPERTY]: piece.kind },
              hChildren: [{ type: 'text', value: piece.kind }],
            },
          }
        : { type: 'text', value: piece.text },
    );
  });
}

function htmlAsText(node: MdNode): void {
  if (node.children === undefined) return;
  const flow = FLOW_PARENTS.has(node.type);
  node.children = node.children.map((child): MdNode => {
    if (child.type !== 'html') {
      htmlAsText(child);
      return child;
    }
    const text = { type: 'text', value: child.value ?? '' };
    return flow ? { type: 'paragraph', children: [text] } : text;
  });
}

function splitBreaks(node: MdNode): void {
  if (node.children === undefined) return;
  node.children = node.children.flatMap((child): MdNode[] => {
    if (child.type !== 'text' || child.value?.includes('\n') !== true) {
      splitBreaks(child);
      return [child];
    }
    return child.value
      .split(/\r?\n/)
      .flatMap((line, i) =>
        i === 0
          ? [{ type: 'text', value: line }]
          : [{ type: 'break' }, { type: 'text', value: line }],
      );
  });
}
