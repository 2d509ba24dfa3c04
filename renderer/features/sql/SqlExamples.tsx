// Clickable example queries.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { EXAMPLE_QUERIES, type ExampleQuery } from './example-queries';

export function SqlExamples({ onPick }: { onPick: (example: ExampleQuery) => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        Examples:
      </Typography>
      {EXAMPLE_QUERIES.map((example) => (
        <Chip
          key={example.title}
          label={example.title}
          variant="outlined"
          clickable
          onClick={() => onPick(example)}
          data-testid="sql-example"
        />
      ))}
    </Box>
  );
}
