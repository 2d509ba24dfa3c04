// One tool call: its name, id and arguments (indented JSON, or the raw text if it is not JSON).
import type { ToolCall } from '../../../shared/model';
import { HighlightedText } from './HighlightedText';
import { prettyJson } from './json-text';

export function ToolCallView({ call, highlight = '' }: { call: ToolCall; highlight?: string }) {
  const args = prettyJson(call.arguments);
  return (
    <div className="tw-call" data-testid="tool-call">
      <div className="tw-call-head">
        <span className="tw-call-name">
          <HighlightedText text={call.name} query={highlight} />
        </span>
        {call.id !== '' && <span className="tw-meta">{call.id}</span>}
        {!args.parsed && <span className="tw-call-warning">arguments are not valid JSON</span>}
      </div>
      <pre className="tw-call-args">
        <HighlightedText text={args.text} query={highlight} />
      </pre>
    </div>
  );
}
