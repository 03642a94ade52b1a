import { useState } from 'react';
import Checkbox from '@material-ui/core/Checkbox';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import MenuItem from '@material-ui/core/MenuItem';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableHead from '@material-ui/core/TableHead';
import TableRow from '@material-ui/core/TableRow';
import TextField from '@material-ui/core/TextField';
import Typography from '@material-ui/core/Typography';
import { parseRecordName } from '@styrmin/plugin-styrmin-common';
import type {
  CloneEnvironmentInput,
  EnvironmentClonePlan,
  EnvironmentOperation,
  EnvironmentWithDeployments,
} from '@styrmin/sdk';
import useDebounce from 'react-use/esm/useDebounce';
import { StyrminApi } from '../../api';
import { useStyrminApi } from '../../hooks/useStyrminApi';
import { ActionDialog } from '../DeploymentActions/ActionDialog';
import { useActionCall } from '../DeploymentActions/useActionCall';
import { LoadedContent } from '../LoadedContent';
import { PlanProblems } from '../PlanProblems';
import { Timestamp } from '../Timestamp';

/** How long typing pauses before the plan of the name is asked. */
const PLAN_DELAY_MS = 300;

/** A named environment backup the clone may start from: one with something to restore. */
const CLONEABLE = new Set(['COMPLETED', 'PARTIAL']);

export interface CloneEnvironmentDialogProps {
  environment: EnvironmentWithDeployments;
  api: StyrminApi;
  onClose: () => void;
  onDone: (operation: EnvironmentOperation) => void;
}

/** Why a new environment's name breaks the record-name rules, in the server's words. */
function nameRule(name: string): string | undefined {
  const parsed = parseRecordName(name);
  return parsed.success ? undefined : parsed.problems[0].message;
}

/** The plan: the new environment's cluster, backup and deployments, and its problems. */
const ClonePreview = ({ plan }: { plan: EnvironmentClonePlan }) => (
  <section aria-label="What the clone creates">
    <PlanProblems problems={plan.problems} what="The clone cannot start" />
    <Typography variant="body2" paragraph>
      {plan.name} on the cluster {plan.cluster.name}, from{' '}
      {plan.environmentBackup ? (
        <>
          the environment backup of{' '}
          <Timestamp iso={plan.environmentBackup.createdAt} />
        </>
      ) : (
        'a new environment backup of the source, taken for the clone'
      )}
      , with one deployment each, restored from its constituent backup into its
      own namespace; they connect only to each other:
    </Typography>
    <Table size="small" aria-label="Deployments created">
      <TableHead>
        <TableRow>
          <TableCell>Deployment</TableCell>
          <TableCell>Driver version</TableCell>
          <TableCell>Application version</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {plan.deployments.map(deployment => (
          <TableRow key={deployment.name}>
            <TableCell>{deployment.name}</TableCell>
            <TableCell>
              {deployment.driverName} {deployment.driverVersion}
            </TableCell>
            <TableCell>{deployment.appVersion}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </section>
);

/**
 * Clones an environment once the user has read the plan: a new environment (its name
 * checked as you type, the cluster the source's or another), its configuration copied,
 * and one deployment per eligible deployment of the environment backup it starts from (a
 * named one, or one taken for the clone), each restored from its constituent by a
 * cross-target restore.
 */
export const CloneEnvironmentDialog = ({
  environment,
  api,
  onClose,
  onDone,
}: CloneEnvironmentDialogProps) => {
  const [name, setName] = useState('');
  const [cluster, setCluster] = useState(environment.cluster.id);
  const [fromBackup, setFromBackup] = useState('');
  const [newBackup, setNewBackup] = useState(true);
  const clusters = useStyrminApi(styrminApi => styrminApi.getClusters());
  const backups = useStyrminApi(
    styrminApi =>
      styrminApi.getEnvironmentBackups({ id: environment.id, first: 20 }),
    [environment.id],
  );
  const cloneable =
    backups.value?.nodes.filter(backup => CLONEABLE.has(backup.status)) ?? [];
  const rule = name ? nameRule(name) : undefined;
  const input: CloneEnvironmentInput = {
    source: environment.id,
    name,
    cluster,
    ...(!newBackup && fromBackup ? { environmentBackup: fromBackup } : {}),
  };
  const key = JSON.stringify(input);
  // The input the plan is asked for, once typing pauses; none while the name is wrong.
  const [planned, setPlanned] = useState<string>();
  useDebounce(
    () => setPlanned(name && !rule ? key : undefined),
    PLAN_DELAY_MS,
    [key, rule],
  );
  const plan = useStyrminApi(
    async styrminApi =>
      planned === undefined
        ? undefined
        : styrminApi.getEnvironmentClonePlan(JSON.parse(planned)),
    [planned],
  );
  const clone = useActionCall(() => api.cloneEnvironment(input), onDone);
  const ready =
    planned === key &&
    !plan.loading &&
    plan.value?.problems.length === 0 &&
    (newBackup || fromBackup !== '');
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      clone.dismiss();
    };
  return (
    <ActionDialog
      id="styrmin-clone-environment-dialog"
      title={`Clone ${environment.name}`}
      verb="Clone"
      ready={ready}
      call={clone}
      onClose={onClose}
    >
      <TextField
        id="styrmin-clone-name"
        label="Name"
        value={name}
        onChange={event => change(setName)(event.target.value)}
        error={!!rule}
        helperText={
          rule ?? 'The new environment: lower-case letters, digits and dashes'
        }
        fullWidth
        margin="normal"
        required
      />
      <TextField
        select
        id="styrmin-clone-cluster"
        label="Cluster"
        value={cluster}
        onChange={event => change(setCluster)(event.target.value)}
        helperText={`${environment.name} is on ${environment.cluster.name}`}
        fullWidth
        margin="normal"
      >
        {(clusters.value ?? [environment.cluster]).map(c => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Checkbox
            checked={newBackup}
            onChange={event => change(setNewBackup)(event.target.checked)}
          />
        }
        label="Take a new environment backup for the clone"
      />
      {!newBackup && (
        <TextField
          select
          id="styrmin-clone-backup"
          label="Environment backup"
          value={fromBackup}
          onChange={event => change(setFromBackup)(event.target.value)}
          helperText={
            cloneable.length === 0
              ? `${environment.name} has no completed environment backup`
              : 'A completed (or partial) environment backup of the source'
          }
          fullWidth
          margin="normal"
        >
          {cloneable.map(backup => (
            <MenuItem key={backup.id} value={backup.id}>
              <Timestamp iso={backup.createdAt} />
              &nbsp;({backup.status}, {backup.createdBy})
            </MenuItem>
          ))}
        </TextField>
      )}
      <LoadedContent state={plan} missing={null}>
        {value => <ClonePreview plan={value} />}
      </LoadedContent>
    </ActionDialog>
  );
};
