import Chip from '@material-ui/core/Chip';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableHead from '@material-ui/core/TableHead';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import LockIcon from '@material-ui/icons/Lock';
import type { ContextChange } from '@styrmin/sdk';

/** @public */
export interface ContextDiffProps {
  /** A reconciliation diff, as the API answers it. */
  changes: ContextChange[];
}

const KIND_LABELS: Record<ContextChange['kind'], string> = {
  ADDED: 'Added',
  REMOVED: 'Removed',
  CHANGED: 'Changed',
};

const Value = ({
  change,
  side,
}: {
  change: ContextChange;
  side: 'before' | 'after';
}) => {
  const value = change[side];
  const absent =
    (side === 'before' && change.kind === 'ADDED') ||
    (side === 'after' && change.kind === 'REMOVED');
  if (absent) {
    return (
      <Typography variant="body2" color="textSecondary">
        —
      </Typography>
    );
  }
  // The API masks secret values already; the value is never drawn, whatever it holds.
  if (change.secret) {
    return (
      <Chip
        icon={<LockIcon />}
        label="secret"
        size="small"
        variant="outlined"
      />
    );
  }
  return (
    <code>{typeof value === 'string' ? value : JSON.stringify(value)}</code>
  );
};

/**
 * A reconciliation diff: each value of the context that an instance adds, removes or
 * changes, with its value before and after. Secret values are never shown.
 *
 * @public
 */
export const ContextDiff = ({ changes }: ContextDiffProps) => {
  if (changes.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary">
        No changes
      </Typography>
    );
  }
  return (
    <Table size="small" aria-label="Reconciliation diff">
      <TableHead>
        <TableRow>
          <TableCell>Path</TableCell>
          <TableCell>Kind</TableCell>
          <TableCell>Before</TableCell>
          <TableCell>After</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map(change => (
          <TableRow key={change.path}>
            <TableCell>
              <code>{change.path}</code>
            </TableCell>
            <TableCell>{KIND_LABELS[change.kind]}</TableCell>
            <TableCell>
              <Value change={change} side="before" />
            </TableCell>
            <TableCell>
              <Value change={change} side="after" />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
