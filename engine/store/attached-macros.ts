// SQL macros that turn OpenAI-shaped message lists read from Parquet into canonical turn columns.
// They back the views over attached datasets (docs/ARCHITECTURE.md, import: attach by reference), so the same rules
// apply whether DuckDB scans a whole dataset or one trajectory's row.

/** The JSON shape every message list is normalised to (struct columns and JSON text alike). */
export const MESSAGE_SCHEMA = JSON.stringify([
  {
    role: 'VARCHAR',
    content: 'JSON',
    text: 'VARCHAR',
    reasoning: 'VARCHAR',
    reasoning_content: 'VARCHAR',
    tool_calls: 'JSON',
    tool_call_id: 'VARCHAR',
    token_ids: ['INTEGER'],
    logp_policy: ['DOUBLE'],
    logp_ref: ['DOUBLE'],
  },
]);

const CALL_SCHEMA = JSON.stringify([
  {
    id: 'VARCHAR',
    name: 'VARCHAR',
    arguments: 'JSON',
    function: { name: 'VARCHAR', arguments: 'JSON' },
  },
]);

export const TRUE_WORDS = 'true|yes|resolved|success|succeeded|passed|pass|correct';
export const FALSE_WORDS = 'false|no|unresolved|failure|failed|fail|incorrect';

export const ATTACHED_MACROS = [
  // Role aliases as in the OpenAI-messages importer (developer -> system, function -> tool, ...).
  `CREATE OR REPLACE MACRO tw_role(r) AS CASE lower(r)
     WHEN 'developer' THEN 'system' WHEN 'function' THEN 'tool' WHEN 'ipython' THEN 'tool'
     WHEN 'human' THEN 'user' WHEN 'gpt' THEN 'assistant' WHEN 'ai' THEN 'assistant'
     ELSE lower(r) END`,
  `CREATE OR REPLACE MACRO tw_is_role(r) AS
     tw_role(r) IN ('system', 'user', 'assistant', 'tool', 'environment')`,
  // String content, or typed parts flattened to their text (non-text parts as a [type] marker).
  `CREATE OR REPLACE MACRO tw_content(c, t) AS coalesce(CASE json_type(c)
     WHEN 'VARCHAR' THEN c->>'$'
     WHEN 'NULL' THEN NULL
     WHEN 'ARRAY' THEN array_to_string(list_transform(from_json(c, '["JSON"]'), p ->
       CASE WHEN json_type(p) = 'VARCHAR' THEN p->>'$'
            ELSE coalesce(p->>'text', p->>'value', p->>'content',
                          '[' || coalesce(p->>'type', 'part') || ']') END), '')
     ELSE c::VARCHAR END, t, '')`,
  // Tool calls given as a list or as JSON text of one.
  `CREATE OR REPLACE MACRO tw_calls(tc) AS from_json(
     CASE WHEN json_type(tc) = 'VARCHAR' THEN TRY_CAST(tc->>'$' AS JSON) ELSE tc END,
     '${CALL_SCHEMA}')`,
  // Arguments as JSON text: a JSON string holding JSON is unwrapped; other strings stay strings.
  `CREATE OR REPLACE MACRO tw_arguments(a) AS CASE
     WHEN a IS NULL OR json_type(a) = 'NULL' THEN '{}'
     WHEN json_type(a) = 'VARCHAR' AND json_valid(a->>'$') THEN json(a->>'$')::VARCHAR
     ELSE json(a)::VARCHAR END`,
  `CREATE OR REPLACE MACRO tw_tool_calls_json(tc) AS to_json(coalesce(list_transform(tw_calls(tc),
     (c, i) -> {'id': coalesce(c.id, 'call_' || (i - 1)),
                'name': coalesce(c.function.name, c.name),
                'arguments': tw_arguments(coalesce(c.function.arguments, c.arguments))}), []))`,
  `CREATE OR REPLACE MACRO tw_n_calls(tc) AS coalesce(len(tw_calls(tc)), 0)`,
  `CREATE OR REPLACE MACRO tw_is_action(m) AS tw_role(m.role) = 'assistant' AND tw_n_calls(m.tool_calls) > 0`,
  // Outcome values of any type, read through JSON: numbers, booleans, numeric or word strings.
  `CREATE OR REPLACE MACRO tw_reward(j) AS CASE json_type(j)
     WHEN 'BOOLEAN' THEN j::BOOLEAN::INTEGER::DOUBLE
     WHEN 'VARCHAR' THEN TRY_CAST(j->>'$' AS DOUBLE)
     WHEN 'NULL' THEN NULL
     ELSE TRY_CAST(j::VARCHAR AS DOUBLE) END`,
  `CREATE OR REPLACE MACRO tw_success(j) AS CASE json_type(j)
     WHEN 'BOOLEAN' THEN j::BOOLEAN
     WHEN 'VARCHAR' THEN CASE
       WHEN regexp_matches(lower(trim(j->>'$')), '^(${TRUE_WORDS})$') THEN true
       WHEN regexp_matches(lower(trim(j->>'$')), '^(${FALSE_WORDS})$') THEN false END
     WHEN 'NULL' THEN NULL
     ELSE CASE TRY_CAST(j::VARCHAR AS DOUBLE) WHEN 1 THEN true WHEN 0 THEN false
       WHEN -1 THEN false END END`,
  `CREATE OR REPLACE MACRO tw_id(j) AS nullif(CASE json_type(j)
     WHEN 'VARCHAR' THEN j->>'$' WHEN 'NULL' THEN NULL WHEN 'OBJECT' THEN NULL
     WHEN 'ARRAY' THEN NULL ELSE j::VARCHAR END, '')`,
  // Why a message list cannot be read, or NULL when it can (rows with a reason are skipped).
  `CREATE OR REPLACE MACRO tw_messages_problem(msgs) AS CASE
     WHEN msgs IS NULL THEN 'messages: missing, or not a list of messages'
     WHEN len(msgs) = 0 THEN 'messages: the message list is empty'
     WHEN len(list_filter(msgs, m -> m.role IS NULL OR NOT tw_is_role(m.role))) > 0
       THEN 'messages: unknown role ' || to_json(list_filter(msgs, m -> m.role IS NULL
         OR NOT tw_is_role(m.role))[1].role)::VARCHAR
     WHEN len(list_filter(msgs, m -> len(list_filter(tw_calls(m.tool_calls),
         c -> coalesce(c.function.name, c.name, '') = '')) > 0)) > 0
       THEN 'messages: a tool call has no function name'
     WHEN len(list_filter(msgs, m -> len(list_distinct(list_filter(
         [len(m.token_ids), len(m.logp_policy), len(m.logp_ref)], n -> n IS NOT NULL))) > 1)) > 0
       THEN 'messages: token_ids, logp_policy and logp_ref must have equal lengths'
     END`,
];

/** The names the macros above define (attach specs may call them). */
export const ATTACHED_MACRO_NAMES: ReadonlySet<string> = new Set(
  ATTACHED_MACROS.map((statement) => /MACRO (\w+)/.exec(statement)?.[1] ?? ''),
);
