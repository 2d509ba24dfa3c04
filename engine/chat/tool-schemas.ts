// A trajectory's tool schemas in the one form every consumer renders: the chat export targets
// (their `tools`), the tokens export's "# Tools" lines and scoring's ChatML. One list for all
// keeps the tokens export the same conversation as the chat targets and as scoring.

import { isRecord } from './openai-messages';

export interface ToolSchema {
  type: 'function';
  function: { name: string; description: string; parameters: unknown };
}

/**
 * The tool schemas in OpenAI function form. Importers store what the source gave (OpenAI
 * `{type, function}`, or flat `{name, description, parameters}` as in Inspect and Responses);
 * when a trajectory has none, the names it calls are listed with empty parameters, so a chat
 * template still tells the model which tools exist.
 */
export function toolSchemasOf(stored: string | null, calledNames: Iterable<string>): ToolSchema[] {
  const schemas: ToolSchema[] = [];
  let parsed: unknown = null;
  try {
    parsed = stored === null ? null : JSON.parse(stored);
  } catch {
    parsed = null;
  }
  for (const item of Array.isArray(parsed) ? parsed : []) {
    const fn = isRecord(item) && isRecord(item.function) ? item.function : item;
    if (!isRecord(fn) || typeof fn.name !== 'string') continue;
    schemas.push({
      type: 'function',
      function: {
        name: fn.name,
        description: typeof fn.description === 'string' ? fn.description : '',
        parameters: fn.parameters ?? fn.input_schema ?? { type: 'object', properties: {} },
      },
    });
  }
  if (schemas.length > 0) return schemas;
  return [...new Set(calledNames)].sort().map((name) => ({
    type: 'function',
    function: { name, description: '', parameters: { type: 'object', properties: {} } },
  }));
}
