import { Table, TableColumn } from '@backstage/core-components';
import Chip from '@material-ui/core/Chip';
import Typography from '@material-ui/core/Typography';
import LockIcon from '@material-ui/icons/Lock';
import type { DriverVersionParameter } from '@styrmin/sdk';

/** The rules a value must follow, in words. */
function rules(parameter: DriverVersionParameter): string[] {
  const { values, minimum, maximum, minLength, maxLength, pattern } = parameter;
  const said: string[] = [];
  if (values) {
    said.push(`One of ${values.join(', ')}`);
  }
  if (minimum !== null && maximum !== null) {
    said.push(`From ${minimum} to ${maximum}`);
  } else if (minimum !== null) {
    said.push(`At least ${minimum}`);
  } else if (maximum !== null) {
    said.push(`At most ${maximum}`);
  }
  if (minLength !== null) {
    said.push(`At least ${minLength} characters`);
  }
  if (maxLength !== null) {
    said.push(`At most ${maxLength} characters`);
  }
  if (pattern !== null) {
    said.push(`Matches ${pattern}`);
  }
  return said;
}

/** A default as it would be typed; secrets have none, and the API never returns one. */
function defaultValue(parameter: DriverVersionParameter) {
  if (parameter.default === null || parameter.default === undefined) {
    return '—';
  }
  return typeof parameter.default === 'string'
    ? parameter.default
    : JSON.stringify(parameter.default);
}

const columns: TableColumn<DriverVersionParameter>[] = [
  {
    title: 'Parameter',
    field: 'name',
    highlight: true,
    render: row => (
      <>
        {row.title}
        <Typography variant="body2" color="textSecondary">
          <code>{row.name}</code>
        </Typography>
      </>
    ),
  },
  {
    title: 'Type',
    field: 'type',
    render: row =>
      row.type === 'secret' ? (
        <Chip
          icon={<LockIcon />}
          label="secret"
          size="small"
          variant="outlined"
        />
      ) : (
        row.type
      ),
  },
  {
    title: 'Required',
    field: 'required',
    render: row => (row.required ? 'Required' : 'Optional'),
  },
  {
    title: 'Default',
    field: 'default',
    render: row => <code>{defaultValue(row)}</code>,
  },
  {
    title: 'Rules',
    render: row =>
      rules(row).map(rule => (
        <Typography key={rule} variant="body2">
          {rule}
        </Typography>
      )),
  },
  { title: 'Description', field: 'description' },
];

/** @public */
export interface ParametersTableProps {
  /** "Parameters", or the prompts of an action. */
  title: string;
  parameters: DriverVersionParameter[];
}

/**
 * Typed inputs, one row each in declaration order: the parameters of a driver version or
 * the prompts of an action.
 *
 * @public
 */
export const ParametersTable = ({
  title,
  parameters,
}: ParametersTableProps) => (
  <Table<DriverVersionParameter>
    title={title}
    columns={columns}
    data={parameters}
    options={{ paging: false, search: false, sorting: false }}
  />
);
