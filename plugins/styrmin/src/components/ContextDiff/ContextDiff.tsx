import Button from '@material-ui/core/Button';
import Chip from '@material-ui/core/Chip';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableHead from '@material-ui/core/TableHead';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import LockIcon from '@material-ui/icons/Lock';
import type { ContextChange } from '@styrmin/sdk';
import { Fragment, useState } from 'react';

/** @public */
export interface ContextDiffProps {
  /** A reconciliation diff, as the API answers it. */
  changes: ContextChange[];
  /** How many changes show before the rest is collapsed; 10 by default. */
  collapsedRows?: number;
}

/**
 * Values and paths break between words and path segments, never inside a word: a narrow
 * column otherwise breaks `parameters.log_level` one character per line.
 */
const cellText = { wordBreak: 'normal', overflowWrap: 'break-word' } as const;

/** A dotted path that may break after each dot. */
const Path = ({ path }: { path: string }) => (
  <code style={cellText}>
    {path.split('.').map((segment, index) => (
      <Fragment key={index}>
        {index > 0 && (
          <>
            .<wbr />
          </>
        )}
        {segment}
      </Fragment>
    ))}
  </code>
);

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
    <code style={cellText}>
      {typeof value === 'string' ? value : JSON.stringify(value)}
    </code>
  );
};

/**
 * A reconciliation diff: each value of the context that an instance adds, removes or
 * changes, with its value before and after. Secret values are never shown. A long diff
 * shows its first changes and says how many more there are, one click away.
 *
 * @public
 */
export const ContextDiff = ({
  changes,
  collapsedRows = 10,
}: ContextDiffProps) => {
  const [expanded, setExpanded] = useState(false);
  if (changes.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary">
        No changes
      </Typography>
    );
  }
  const hidden = expanded ? 0 : Math.max(0, changes.length - collapsedRows);
  const shown = hidden > 0 ? changes.slice(0, collapsedRows) : changes;
  return (
    <>
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
          {shown.map(change => (
            <TableRow key={change.path}>
              <TableCell>
                <Path path={change.path} />
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
      {hidden > 0 && (
        <Button size="small" onClick={() => setExpanded(true)}>
          Show {hidden} more {hidden === 1 ? 'change' : 'changes'}
        </Button>
      )}
    </>
  );
};
