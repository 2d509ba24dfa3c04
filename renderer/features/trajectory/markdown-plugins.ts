// Two remark plugins for message text. remarkHtmlAsText turns raw HTML in the source into plain
// text before anything can render it (react-markdown would too, but this keeps a block's line
// breaks and does not depend on leaving rehype-raw out). remarkSoftBreaks makes a single newline
// inside a paragraph a line break: agents and people write chat messages that way, and CommonMark
// would join the lines into one.

/** The slice of a Markdown syntax-tree node these plugins read and write. */
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

/** Nodes whose children are blocks: an HTML node there is a block and becomes a paragraph. */
const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

export function remarkHtmlAsText() {
  return (tree: MdNode): void => htmlAsText(tree);
}

export function remarkSoftBreaks() {
  return (tree: MdNode): void => splitBreaks(tree);
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
