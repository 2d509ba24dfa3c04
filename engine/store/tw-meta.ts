// The one table every Turnwise workspace has from its first open: its schema version.
export const TW_META_TABLE = `CREATE TABLE IF NOT EXISTS tw_meta (key VARCHAR PRIMARY KEY, value VARCHAR)`;
