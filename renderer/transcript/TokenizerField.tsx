// Where the heat strips' token text comes from: the dataset's tokenizer.json, set here for the
// whole dataset (the engine reads the file; the browser cannot). Without one, says so.
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useApiWrite } from '../api/useApiWrite';
import { tokenizerFieldClasses } from './tokenizer-field-styles';
import { turnCardClasses } from './turn-card-styles';

const c = turnCardClasses;

type Props = {
  datasetId: string;
  tokenizerPath: string | null;
  /** Why the set tokenizer could not decode, from the engine. */
  tokenizerError: string | null;
  hasText: boolean;
};

export function TokenizerField({ datasetId, tokenizerPath, tokenizerError, hasText }: Props) {
  const write = useApiWrite();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(tokenizerPath ?? '');
  const [error, setError] = useState<string | null>(null);

  const save = async (path: string | null) => {
    const result = await write('setDatasetTokenizer', {
      dataset_id: datasetId,
      tokenizer_path: path,
    });
    if (!result.ok) return setError(result.error.message);
    setError(null);
    setEditing(false);
  };

  if (hasText && !editing) {
    return (
      <div className={c.meta} data-testid="tokenizer-source">
        token text from <span className={c.mono}>{tokenizerPath}</span>{' '}
        <button type="button" className={c.chip} onClick={() => setEditing(true)}>
          change
        </button>
      </div>
    );
  }
  return (
    <div className={`${c.meta} ${tokenizerFieldClasses.tokenizer}`} data-testid="tokenizer-field">
      {!editing && (
        <span data-testid="token-ids-only">
          {tokenizerError ?? 'token ids only — set a tokenizer.json to see text'}
        </span>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (value.trim() !== '') void save(value.trim());
        }}
      >
        <TextField
          size="small"
          label="tokenizer.json path (for this dataset)"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error !== null}
          helperText={error}
          slotProps={{ htmlInput: { 'data-testid': 'tokenizer-path' } }}
          sx={{ minWidth: 360 }}
        />
        <Button type="submit" size="small" data-testid="tokenizer-save">
          Set
        </Button>
        {tokenizerPath !== null && (
          <Button size="small" onClick={() => void save(null)}>
            Clear
          </Button>
        )}
      </form>
    </div>
  );
}
