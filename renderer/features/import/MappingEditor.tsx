// The mapping spec's JSON in a code editor, with what is wrong with it (bad JSON, or the schema
// paths that fail) listed underneath, so the live preview only ever runs on a valid spec.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { JsonEditor } from '../../components/monaco/JsonEditor';
import { MAPPING_JSON_SCHEMA } from './mapping-spec';
import type { MappingDraft } from './useMappingDraft';

const MAX_ISSUES = 6;

export function MappingEditor({ draft }: { draft: MappingDraft }) {
  const { parsed } = draft;
  return (
    <>
      <Box
        data-testid="mapping-editor"
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
      >
        <JsonEditor
          value={draft.text}
          onChange={draft.setText}
          height={260}
          schema={MAPPING_JSON_SCHEMA}
          ariaLabel="Mapping spec (JSON)"
        />
      </Box>
      {!parsed.ok && (
        <Alert severity="error" data-testid="mapping-error" sx={{ mt: 1 }}>
          {parsed.issues.slice(0, MAX_ISSUES).map((issue) => (
            <div key={issue}>{issue}</div>
          ))}
          {parsed.issues.length > MAX_ISSUES && (
            <div>…and {parsed.issues.length - MAX_ISSUES} more</div>
          )}
        </Alert>
      )}
    </>
  );
}
