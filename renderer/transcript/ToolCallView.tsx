// One tool call: its name, id and arguments per field (see ToolArgsView), with a toggle to the
// exact stored JSON; arguments that are not a JSON object show as indented JSON or raw text.
import { useState } from 'react';
import type { ToolCall } from '../../shared/model';
import { HighlightedText } from './HighlightedText';
import { prettyJson } from './json-text';
import { argFields } from './tool-args';
import { ToolArgsView } from './ToolArgsView';
import { toolCallViewClasses } from './tool-call-view-styles';
import { turnCardClasses } from './turn-card-styles';

const c = toolCallViewClasses;

export function ToolCallView({ call, highlight = '' }: { call: ToolCall; highlight?: string }) {
  const [raw, setRaw] = useState(false);
  const fields = argFields(call.name, call.arguments);
  const args = prettyJson(call.arguments);
  return (
    <div className={c.call} data-testid="tool-call">
      <div className={c.head}>
        <span className={c.name}>
          <HighlightedText text={call.name} query={highlight} />
        </span>
        {call.id !== '' && <span className={turnCardClasses.meta}>{call.id}</span>}
        {!args.parsed && <span className={c.warning}>arguments are not valid JSON</span>}
        {fields !== null && (
          <button
            type="button"
            className={c.raw}
            aria-pressed={raw}
            onClick={() => setRaw(!raw)}
            data-testid="tool-call-raw"
          >
            raw
          </button>
        )}
      </div>
      {fields !== null && !raw ? (
        <ToolArgsView fields={fields} highlight={highlight} />
      ) : (
        <pre className={c.args} data-testid="tool-call-json">
          <HighlightedText text={raw ? call.arguments : args.text} query={highlight} />
        </pre>
      )}
    </div>
  );
}
