// SQL in the bundled Monaco: the SQL grammar for highlighting, plus one completion provider for
// the whole app that offers the public views, their columns (qualified by view or alias after a
// '.'), keywords and common DuckDB functions. The catalog arrives later from the engine.
import 'monaco-editor/languages/definitions/sql/register';
import { monaco } from '../../components/monaco/monaco-setup';
import {
  aliasesIn,
  currentCatalog,
  PUBLIC_VIEWS,
  SQL_FUNCTIONS,
  SQL_KEYWORDS,
} from './sql-catalog';

let registered = false;

type Suggestion = monaco.languages.CompletionItem;
type Range = monaco.IRange;
const Kind = monaco.languages.CompletionItemKind;

function columnsOf(view: string, range: Range): Suggestion[] {
  return (currentCatalog().get(view) ?? []).map((column) => ({
    label: { label: column.name, description: column.type },
    kind: Kind.Field,
    detail: `${view}.${column.name} ${column.type}`,
    insertText: column.name,
    range,
  }));
}

function suggestionsAt(model: monaco.editor.ITextModel, position: monaco.Position): Suggestion[] {
  const word = model.getWordUntilPosition(position);
  const range: Range = {
    startLineNumber: position.lineNumber,
    endLineNumber: position.lineNumber,
    startColumn: word.startColumn,
    endColumn: word.endColumn,
  };
  const catalog = currentCatalog();
  const aliases = aliasesIn(model.getValue(), catalog);
  const before = model.getLineContent(position.lineNumber).slice(0, word.startColumn - 1);
  const qualifier = /([a-z_]\w*)\.$/i.exec(before)?.[1]?.toLowerCase();
  if (qualifier !== undefined) {
    const view = aliases.get(qualifier) ?? qualifier;
    return columnsOf(view, range);
  }
  const views: Suggestion[] = PUBLIC_VIEWS.map((view) => ({
    label: { label: view, description: 'view' },
    kind: Kind.Struct,
    detail: `view: ${(catalog.get(view) ?? []).map((column) => column.name).join(', ')}`,
    insertText: view,
    sortText: `0${view}`,
    range,
  }));
  // One entry per column name (trajectory_id is in most views); columns of the views the query
  // already names come first, the rest stay reachable.
  const named = new Set(aliases.values());
  const byName = new Map<string, { type: string; views: string[] }>();
  for (const [view, viewColumns] of catalog) {
    for (const column of viewColumns) {
      const entry = byName.get(column.name) ?? { type: column.type, views: [] };
      entry.views.push(view);
      byName.set(column.name, entry);
    }
  }
  const columns: Suggestion[] = [...byName].map(([name, { type, views }]) => ({
    label: { label: name, description: type },
    kind: Kind.Field,
    detail: `column of ${views.join(', ')}`,
    insertText: name,
    sortText: `${views.some((view) => named.has(view)) ? '1' : '4'}${name}`,
    range,
  }));
  const keywords: Suggestion[] = SQL_KEYWORDS.map((keyword) => ({
    label: keyword,
    kind: Kind.Keyword,
    insertText: keyword,
    sortText: `2${keyword}`,
    range,
  }));
  const functions: Suggestion[] = SQL_FUNCTIONS.map((name) => ({
    label: name,
    kind: Kind.Function,
    insertText: `${name}($0)`,
    insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet,
    sortText: `3${name}`,
    range,
  }));
  return [...views, ...columns, ...keywords, ...functions];
}

/** Registers the SQL completion provider once, however many editors are created. */
export function ensureSqlLanguage(): void {
  if (registered) return;
  registered = true;
  monaco.languages.registerCompletionItemProvider('sql', {
    triggerCharacters: ['.'],
    provideCompletionItems: (model, position) => ({ suggestions: suggestionsAt(model, position) }),
  });
}

export { monaco };
