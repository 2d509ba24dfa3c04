import { ROLE_LABELS } from '../../shared/model';
import { ATTACHED_MACROS } from './attached-macros';
import { labelCountsQuery } from './label-counts';

// Numbered schema migrations. Internal tables are tw_*; the public SQL surface is the views of
// docs/ARCHITECTURE.md, the workspace, which users' own queries rely on, so their columns only ever grow.

export interface Migration {
  version: number;
  statements: string[];
}

const v1Tables = [
  `CREATE TABLE tw_datasets (
    dataset_id VARCHAR PRIMARY KEY, name VARCHAR NOT NULL, format VARCHAR NOT NULL,
    source_path VARCHAR NOT NULL, imported_at TIMESTAMPTZ NOT NULL, content_sha256 VARCHAR NOT NULL,
    bytes BIGINT NOT NULL, options JSON)`,
  `CREATE TABLE tw_trajectories (
    trajectory_id VARCHAR PRIMARY KEY, dataset_id VARCHAR NOT NULL, source_id VARCHAR NOT NULL,
    task_id VARCHAR, group_id VARCHAR, sample_index INTEGER, model VARCHAR, reward DOUBLE,
    success BOOLEAN, n_turns INTEGER NOT NULL, n_actions INTEGER NOT NULL,
    source_ref VARCHAR NOT NULL, metadata JSON, tools JSON)`,
  `CREATE TABLE tw_turns (
    trajectory_id VARCHAR NOT NULL, turn_index INTEGER NOT NULL, role VARCHAR NOT NULL,
    content VARCHAR NOT NULL, reasoning VARCHAR, tool_calls JSON NOT NULL, tool_call_id VARCHAR,
    is_action BOOLEAN NOT NULL, n_tokens INTEGER)`,
  `CREATE TABLE tw_token_logprobs (
    trajectory_id VARCHAR NOT NULL, turn_index INTEGER NOT NULL, token_ids INTEGER[],
    logp_policy DOUBLE[], logp_ref DOUBLE[])`,
  `CREATE TABLE tw_segments (
    trajectory_id VARCHAR NOT NULL, segment_index INTEGER NOT NULL, turn_start INTEGER NOT NULL,
    turn_end INTEGER NOT NULL, segmentation VARCHAR NOT NULL)`,
  `CREATE TABLE tw_labels (
    label_id VARCHAR NOT NULL, trajectory_id VARCHAR NOT NULL, segment_index INTEGER NOT NULL,
    role_label VARCHAR NOT NULL, source VARCHAR NOT NULL, rationale VARCHAR, confidence DOUBLE,
    created_at TIMESTAMPTZ NOT NULL)`,
  `CREATE TABLE tw_credit (
    trajectory_id VARCHAR NOT NULL, segment_index INTEGER NOT NULL, outcome_advantage DOUBLE,
    role_bonus DOUBLE, progress_advantage DOUBLE, total DOUBLE, sign_flipped BOOLEAN, params JSON)`,
  `CREATE TABLE tw_trajectory_scores (
    trajectory_id VARCHAR NOT NULL, progress_score DOUBLE, failure_step INTEGER,
    best_in_group BOOLEAN, params JSON)`,
  `CREATE TABLE tw_review_items (
    item_id VARCHAR PRIMARY KEY, kind VARCHAR NOT NULL, trajectory_id VARCHAR NOT NULL,
    segment_index INTEGER, proposed VARCHAR, created_at TIMESTAMPTZ NOT NULL)`,
  `CREATE TABLE tw_review_events (
    item_id VARCHAR NOT NULL, status VARCHAR NOT NULL, decided_label VARCHAR, note VARCHAR,
    decided_by VARCHAR, decided_at TIMESTAMPTZ NOT NULL)`,
];

const v1Views = [
  `CREATE VIEW datasets AS SELECT dataset_id, name, format, source_path, imported_at, content_sha256
    FROM tw_datasets`,
  `CREATE VIEW trajectories AS SELECT trajectory_id, dataset_id, task_id, group_id, sample_index,
    model, reward, success, n_turns, n_actions, source_ref, metadata, source_id FROM tw_trajectories`,
  `CREATE VIEW turns AS SELECT trajectory_id, turn_index, role, content, reasoning, tool_calls,
    tool_call_id, is_action, n_tokens FROM tw_turns`,
  `CREATE VIEW token_logprobs AS SELECT trajectory_id, turn_index, token_ids, logp_policy, logp_ref
    FROM tw_token_logprobs`,
  `CREATE VIEW segments AS SELECT trajectory_id, segment_index, turn_start, turn_end, segmentation
    FROM tw_segments`,
  `CREATE VIEW labels AS SELECT trajectory_id, segment_index, role_label, source, rationale,
    confidence, created_at FROM tw_labels`,
  // Human beats judge beats heuristic; within a source kind the newest label wins.
  `CREATE VIEW labels_effective AS
    SELECT trajectory_id, segment_index, role_label, source, rationale, confidence, created_at
    FROM (
      SELECT *, row_number() OVER (
        PARTITION BY trajectory_id, segment_index
        ORDER BY CASE WHEN source LIKE 'human:%' THEN 0 WHEN source LIKE 'judge:%' THEN 1 ELSE 2 END,
                 created_at DESC) AS precedence
      FROM tw_labels)
    WHERE precedence = 1`,
  `CREATE VIEW credit AS SELECT trajectory_id, segment_index, outcome_advantage, role_bonus,
    progress_advantage, total, sign_flipped, params FROM tw_credit`,
  `CREATE VIEW trajectory_scores AS SELECT trajectory_id, progress_score, failure_step,
    best_in_group, params FROM tw_trajectory_scores`,
  // Decisions are append-only events; the newest one is in force (an undo appends 'pending').
  `CREATE VIEW review_items AS
    SELECT i.item_id, i.kind, i.trajectory_id, i.segment_index, i.proposed,
           coalesce(e.status, 'pending') AS status, e.decided_label, e.note, e.decided_by,
           e.decided_at
    FROM tw_review_items i
    LEFT JOIN (
      SELECT * FROM tw_review_events
      QUALIFY row_number() OVER (PARTITION BY item_id ORDER BY decided_at DESC) = 1
    ) e USING (item_id)`,
];

// v2: per-turn metadata (format-specific facts: who issued a tool call, event ids, item types).
const v2TurnMetadata = [
  `ALTER TABLE tw_turns ADD COLUMN metadata JSON`,
  `CREATE OR REPLACE VIEW turns AS SELECT trajectory_id, turn_index, role, content, reasoning,
    tool_calls, tool_call_id, is_action, n_tokens, metadata FROM tw_turns`,
];

// v3: the grouping an importer derived, kept so a user's regrouping can be undone.
const v3SourceGroup = [
  `ALTER TABLE tw_trajectories ADD COLUMN source_group_id VARCHAR`,
  `UPDATE tw_trajectories SET source_group_id = group_id`,
];

// v4: user-defined import mappings, saved in the workspace and reusable by name.
const v4Mappings = [
  `CREATE TABLE tw_mappings (name VARCHAR PRIMARY KEY, spec JSON NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL)`,
];

// v5: datasets attached by reference (Parquet files stay where they are; docs/ARCHITECTURE.md, import). Their turns
// come from views over the files, so turns and token_logprobs read through union views that
// attaching rebuilds (engine/attach/attached-views.ts).
const V5_TURN_COLUMNS = `trajectory_id, turn_index, role, content, reasoning, tool_calls,
  tool_call_id, is_action, n_tokens, metadata`;
const LOGPROB_COLUMNS = 'trajectory_id, turn_index, token_ids, logp_policy, logp_ref';
const v5Attachments = [
  `ALTER TABLE tw_datasets ADD COLUMN storage VARCHAR DEFAULT 'imported'`,
  `CREATE TABLE tw_attachments (dataset_id VARCHAR PRIMARY KEY, view_key VARCHAR NOT NULL,
    files JSON NOT NULL, spec JSON NOT NULL)`,
  ...ATTACHED_MACROS,
  `CREATE VIEW tw_all_turns AS SELECT ${V5_TURN_COLUMNS} FROM tw_turns`,
  `CREATE VIEW tw_all_token_logprobs AS SELECT ${LOGPROB_COLUMNS} FROM tw_token_logprobs`,
  `CREATE OR REPLACE VIEW turns AS SELECT ${V5_TURN_COLUMNS} FROM tw_all_turns`,
  `CREATE OR REPLACE VIEW token_logprobs AS SELECT ${LOGPROB_COLUMNS} FROM tw_all_token_logprobs`,
  `CREATE OR REPLACE VIEW datasets AS SELECT dataset_id, name, format, source_path, imported_at,
    content_sha256, storage FROM tw_datasets`,
];

// v6: labels and credit carry the segmentation their segment indices refer to (docs/credit.md: the
// choice is stored with the labels); the label in force is chosen per segmentation.
const v6Segmentation = [
  `ALTER TABLE tw_labels ADD COLUMN segmentation VARCHAR DEFAULT 'action'`,
  `ALTER TABLE tw_credit ADD COLUMN segmentation VARCHAR DEFAULT 'action'`,
  `CREATE OR REPLACE VIEW labels AS SELECT trajectory_id, segment_index, role_label, source,
    rationale, confidence, created_at, segmentation FROM tw_labels`,
  `CREATE OR REPLACE VIEW labels_effective AS
    SELECT trajectory_id, segment_index, role_label, source, rationale, confidence, created_at,
           segmentation
    FROM (
      SELECT *, row_number() OVER (
        PARTITION BY trajectory_id, segmentation, segment_index
        ORDER BY CASE WHEN source LIKE 'human:%' THEN 0 WHEN source LIKE 'judge:%' THEN 1 ELSE 2 END,
                 created_at DESC, label_id DESC) AS precedence
      FROM tw_labels)
    WHERE precedence = 1`,
  `CREATE OR REPLACE VIEW credit AS SELECT trajectory_id, segment_index, outcome_advantage,
    role_bonus, progress_advantage, total, sign_flipped, params, segmentation FROM tw_credit`,
  // The trajectory's outcome advantage and why it is 0 (singleton / zero-variance group).
  `ALTER TABLE tw_trajectory_scores ADD COLUMN segmentation VARCHAR DEFAULT 'action'`,
  `ALTER TABLE tw_trajectory_scores ADD COLUMN outcome_advantage DOUBLE`,
  `ALTER TABLE tw_trajectory_scores ADD COLUMN group_flag VARCHAR`,
  `ALTER TABLE tw_trajectory_scores ADD COLUMN n_steps INTEGER`,
  `CREATE OR REPLACE VIEW trajectory_scores AS SELECT trajectory_id, progress_score, failure_step,
    best_in_group, params, segmentation, outcome_advantage, group_flag, n_steps
    FROM tw_trajectory_scores`,
];

// v7: the LLM judge (docs/judge.md): versioned prompts (immutable, with their parent), a cache of
// answers keyed by sha256 of (prompt version, model, segment context) so re-runs cost nothing, and
// a record of each run. API keys are never stored.
const v7Judge = [
  `CREATE TABLE tw_judge_prompts (version_id VARCHAR PRIMARY KEY, parent_version VARCHAR,
    text VARCHAR NOT NULL, created_at TIMESTAMPTZ NOT NULL)`,
  `CREATE TABLE tw_judge_cache (cache_key VARCHAR PRIMARY KEY, prompt_version VARCHAR NOT NULL,
    model VARCHAR NOT NULL, response JSON NOT NULL, prompt_tokens INTEGER,
    completion_tokens INTEGER, created_at TIMESTAMPTZ NOT NULL)`,
  `CREATE TABLE tw_judge_runs (run_id VARCHAR PRIMARY KEY, dataset_id VARCHAR,
    prompt_version VARCHAR NOT NULL, model VARCHAR NOT NULL, endpoint VARCHAR NOT NULL,
    status VARCHAR NOT NULL, params JSON, summary JSON, started_at TIMESTAMPTZ NOT NULL,
    finished_at TIMESTAMPTZ NOT NULL)`,
];

// v8: named explorer filters (the filter is the JSON of shared/trajectory-filter.ts), and the
// per-trajectory counts of effective labels the explorer filters on (labels/label-counts.ts keeps
// them current; here they are computed once from the labels already there).
const v8Explorer = [
  `CREATE TABLE tw_saved_filters (name VARCHAR PRIMARY KEY, filter JSON NOT NULL,
    created_at TIMESTAMPTZ NOT NULL)`,
  `CREATE TABLE tw_label_counts (trajectory_id VARCHAR NOT NULL, segmentation VARCHAR NOT NULL,
    ${ROLE_LABELS.map((role) => `${role} INTEGER NOT NULL`).join(', ')})`,
  `INSERT INTO tw_label_counts ${labelCountsQuery('true')}`,
];

// v9: review and judge evaluation (docs/judge.md). Queue items say why they are there (reason, the
// signals at queueing time) and which segmentation their segment index refers to; finished judge
// evaluations are kept so prompt versions can be compared and kept or rolled back; workspace
// settings hold the judge prompt version in use.
const v9Review = [
  `ALTER TABLE tw_review_items ADD COLUMN reason VARCHAR`,
  `ALTER TABLE tw_review_items ADD COLUMN segmentation VARCHAR DEFAULT 'action'`,
  `ALTER TABLE tw_review_items ADD COLUMN evidence JSON`,
  `CREATE OR REPLACE VIEW review_items AS
    SELECT i.item_id, i.kind, i.trajectory_id, i.segment_index, i.proposed,
           coalesce(e.status, 'pending') AS status, e.decided_label, e.note, e.decided_by,
           e.decided_at, i.reason, i.segmentation, i.evidence, i.created_at
    FROM tw_review_items i
    LEFT JOIN (
      SELECT * FROM tw_review_events
      QUALIFY row_number() OVER (PARTITION BY item_id ORDER BY decided_at DESC) = 1
    ) e USING (item_id)`,
  `CREATE TABLE tw_judge_evals (eval_id VARCHAR PRIMARY KEY, prompt_version VARCHAR NOT NULL,
    model VARCHAR, segmentation VARCHAR NOT NULL, result JSON NOT NULL,
    created_at TIMESTAMPTZ NOT NULL)`,
  `CREATE TABLE tw_settings (key VARCHAR PRIMARY KEY, value JSON NOT NULL)`,
];

// v10: secrets (docs/security.md). Each dataset says whether its text was scanned and redacted at
// import ('redacted'), kept on request ('kept') or never scanned (attached, or imported before
// v10: 'unscanned'); exports scan the last two. What was redacted is counted by trajectory, turn,
// field and kind, never with the value.
const v10Secrets = [
  `ALTER TABLE tw_datasets ADD COLUMN secrets VARCHAR DEFAULT 'unscanned'`,
  `CREATE TABLE tw_redactions (dataset_id VARCHAR NOT NULL, trajectory_id VARCHAR NOT NULL,
    turn_index INTEGER, field VARCHAR NOT NULL, kind VARCHAR NOT NULL, count INTEGER NOT NULL)`,
  `CREATE OR REPLACE VIEW datasets AS SELECT dataset_id, name, format, source_path, imported_at,
    content_sha256, storage, secrets FROM tw_datasets`,
];

// v11: per-dataset modeling choices (docs/ARCHITECTURE.md, the workspace). outcome_rule is a
// guarded SQL boolean over the trajectories view deciding success where the format states none
// (null: the default rule); segmentation is the dataset's chosen credit unit (null: the format's
// default). source_success keeps what the format itself said, so a rule change never overwrites it.
const v11DatasetModel = [
  `ALTER TABLE tw_datasets ADD COLUMN outcome_rule VARCHAR`,
  `ALTER TABLE tw_datasets ADD COLUMN segmentation VARCHAR`,
  `ALTER TABLE tw_trajectories ADD COLUMN source_success BOOLEAN`,
  `UPDATE tw_trajectories SET source_success = success`,
  `CREATE OR REPLACE VIEW datasets AS SELECT dataset_id, name, format, source_path, imported_at,
    content_sha256, storage, secrets, outcome_rule, segmentation FROM tw_datasets`,
];

// v12: errors are first-class (docs/ARCHITECTURE.md, the workspace): a turn's error as JSON
// {kind, message, exit_code}, null when it is not one. Opening the workspace rebuilds tw_all_turns
// with the attachments (attached-views.ts), whose turns carry a null error.
const TURN_COLUMNS = `${V5_TURN_COLUMNS}, error`;
const v12TurnErrors = [
  `ALTER TABLE tw_turns ADD COLUMN error JSON`,
  `CREATE OR REPLACE VIEW tw_all_turns AS SELECT ${TURN_COLUMNS} FROM tw_turns`,
  `CREATE OR REPLACE VIEW turns AS SELECT ${TURN_COLUMNS} FROM tw_all_turns`,
];

// v13: runs and their lineage (docs/compare.md). tw_exports records every export written from
// (or named by) the workspace, with the tasks it holds; tw_runs marks a dataset as a run of a model
// or checkpoint and names the export it was trained from. The current best run is a setting.
const v13Runs = [
  `CREATE TABLE tw_exports (export_id VARCHAR PRIMARY KEY, target VARCHAR NOT NULL,
    path VARCHAR NOT NULL, sources JSON NOT NULL, task_ids JSON NOT NULL,
    trajectories INTEGER NOT NULL, records INTEGER NOT NULL, recorded_at TIMESTAMPTZ NOT NULL)`,
  `CREATE TABLE tw_runs (dataset_id VARCHAR PRIMARY KEY, model VARCHAR, checkpoint VARCHAR,
    step INTEGER, notes VARCHAR, trained_from VARCHAR, verdict VARCHAR, updated_at TIMESTAMPTZ)`,
  `CREATE VIEW exports AS SELECT export_id, target, path, sources, task_ids, trajectories, records,
    recorded_at FROM tw_exports`,
  `CREATE VIEW runs AS SELECT dataset_id, model, checkpoint, step, notes, trained_from, verdict
    FROM tw_runs`,
];

// v14: text searches (docs/performance.md). A search's matches are kept per lower-cased text with
// the datasets it searched (their ids, hashes and import times); the view shows only searches made
// over the datasets as they are now, so an import or a deletion makes every search stale.
const DATASETS_SIGNATURE = `(SELECT md5(coalesce(string_agg(dataset_id || ':' || content_sha256 ||
  ':' || CAST(imported_at AS VARCHAR), ',' ORDER BY dataset_id), '')) FROM tw_datasets)`;
const v14TextSearch = [
  `CREATE TABLE tw_text_searches (needle VARCHAR PRIMARY KEY, status VARCHAR NOT NULL,
    turns_scanned BIGINT NOT NULL, turns_total BIGINT NOT NULL, signature VARCHAR NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL)`,
  `CREATE TABLE tw_text_hits (needle VARCHAR NOT NULL, trajectory_id VARCHAR NOT NULL)`,
  `CREATE VIEW tw_text_search_current AS SELECT * FROM tw_text_searches
    WHERE signature = ${DATASETS_SIGNATURE}`,
  `CREATE VIEW tw_datasets_signature AS SELECT ${DATASETS_SIGNATURE} AS signature`,
];

export const MIGRATIONS: Migration[] = [
  { version: 1, statements: [...v1Tables, ...v1Views] },
  { version: 2, statements: v2TurnMetadata },
  { version: 3, statements: v3SourceGroup },
  { version: 4, statements: v4Mappings },
  { version: 5, statements: v5Attachments },
  { version: 6, statements: v6Segmentation },
  { version: 7, statements: v7Judge },
  { version: 8, statements: v8Explorer },
  { version: 9, statements: v9Review },
  { version: 10, statements: v10Secrets },
  { version: 11, statements: v11DatasetModel },
  { version: 12, statements: v12TurnErrors },
  { version: 13, statements: v13Runs },
  { version: 14, statements: v14TextSearch },
];

export { TURN_COLUMNS, LOGPROB_COLUMNS };

export const SCHEMA_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));
