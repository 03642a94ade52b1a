import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import Checkbox from '@material-ui/core/Checkbox';
import Chip from '@material-ui/core/Chip';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import FormHelperText from '@material-ui/core/FormHelperText';
import Grid from '@material-ui/core/Grid';
import IconButton from '@material-ui/core/IconButton';
import TextField from '@material-ui/core/TextField';
import Typography from '@material-ui/core/Typography';
import DeleteIcon from '@material-ui/icons/Delete';
import { formatDriverSpecPath } from '@styrmin/plugin-styrmin-common';
import type { DriverVersionComponent } from '@styrmin/sdk';
import { ComponentDraft, EnvVarDraft } from './configurationDraft';
import { FieldProblems } from './fieldProblems';

/** The form fields of a component's overrides, as the API names their paths. */
export const OVERRIDE_FIELDS = [
  'env',
  'image',
  'command',
  'args',
  'replicas',
] as const;

/** The path of a component's overrides, or of one of them. */
export const overridePath = (component: string, field?: string) =>
  formatDriverSpecPath(['components', component, ...(field ? [field] : [])]);

/** @public */
export interface ComponentOverridesFormProps {
  component: DriverVersionComponent;
  draft: ComponentDraft;
  onChange: (draft: ComponentDraft) => void;
  problems: FieldProblems;
  disabled?: boolean;
}

function replicasHelp(component: DriverVersionComponent): string {
  if (component.singleton) {
    return 'Singleton component: it runs 1 replica, so an override above 1 is refused';
  }
  return component.replicas === null
    ? 'Empty: the chart’s own count'
    : `Empty: the driver default, ${component.replicas}`;
}

/**
 * The overrides of one component of a deployment: env vars (merged into the component
 * container's by name), the image override, command and args (each replacing the
 * container's whole list, one entry per line), and the replica override. A component
 * without a component container takes only the replica override.
 */
export const ComponentOverridesForm = ({
  component,
  draft,
  onChange,
  problems,
  disabled,
}: ComponentOverridesFormProps) => {
  const { name } = component;
  const noContainer = component.container === null;
  const containerHelp = noContainer
    ? 'The driver declares no component container for this component: it takes no env, image, command or args override'
    : undefined;
  const problemsOf = (field?: string) =>
    problems[overridePath(name, field)] ?? [];
  const help = (field: string, otherwise?: string) => {
    const found = problemsOf(field);
    return found.length > 0 ? found.join(' ') : otherwise ?? containerHelp;
  };
  const set = (change: Partial<ComponentDraft>) =>
    onChange({ ...draft, ...change });
  const setEnv = (index: number, change: Partial<EnvVarDraft>) =>
    set({
      env: draft.env.map((row, i) =>
        i === index ? { ...row, ...change } : row,
      ),
    });
  const text = (
    field: 'image' | 'command' | 'args' | 'replicas',
    label: string,
    otherwise?: string,
    multiline?: boolean,
  ) => (
    <TextField
      id={`overrides-${name}-${field}`}
      label={`${name} ${label}`}
      value={draft[field]}
      onChange={event => set({ [field]: event.target.value })}
      error={problemsOf(field).length > 0}
      helperText={help(field, otherwise)}
      disabled={disabled || (noContainer && field !== 'replicas')}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      fullWidth
      variant="outlined"
      size="small"
    />
  );
  return (
    <Box
      component="section"
      aria-label={`Overrides of ${name}`}
      marginBottom={3}
    >
      <Typography variant="h6" component="h3">
        {name}{' '}
        {component.singleton && (
          <Chip label="singleton" size="small" variant="outlined" />
        )}
      </Typography>
      {problemsOf().map(problem => (
        <FormHelperText key={problem} error>
          {problem}
        </FormHelperText>
      ))}
      <Grid container spacing={2}>
        <Grid item xs={12} md={6}>
          {text(
            'image',
            'image',
            'Empty: the chart’s image. A full reference with a tag or digest; {{ app.version }} follows the application version',
          )}
        </Grid>
        <Grid item xs={12} md={6}>
          {text('replicas', 'replicas', replicasHelp(component))}
        </Grid>
        <Grid item xs={12} md={6}>
          {text(
            'command',
            'command',
            'One entry per line; replaces the whole command',
            true,
          )}
        </Grid>
        <Grid item xs={12} md={6}>
          {text(
            'args',
            'args',
            'One entry per line; replaces all the args',
            true,
          )}
        </Grid>
        <Grid item xs={12}>
          <Typography variant="subtitle2">Env vars</Typography>
          {draft.env.map((row, index) => (
            <Box key={index} display="flex" alignItems="center" marginTop={1}>
              <TextField
                id={`overrides-${name}-env-${index}-name`}
                label={`${name} env var ${index + 1} name`}
                value={row.name}
                onChange={event => setEnv(index, { name: event.target.value })}
                disabled={disabled || row.stored}
                variant="outlined"
                size="small"
              />
              <Box marginLeft={1} flexGrow={1}>
                <TextField
                  id={`overrides-${name}-env-${index}-value`}
                  label={`${name} env var ${index + 1} value`}
                  type={row.secret ? 'password' : 'text'}
                  value={row.value}
                  placeholder={row.stored ? 'unchanged' : undefined}
                  onChange={event =>
                    setEnv(index, { value: event.target.value })
                  }
                  disabled={disabled}
                  autoComplete="off"
                  fullWidth
                  variant="outlined"
                  size="small"
                />
              </Box>
              <FormControlLabel
                label="secret"
                control={
                  <Checkbox
                    checked={row.secret}
                    onChange={event =>
                      setEnv(index, { secret: event.target.checked })
                    }
                    disabled={disabled || row.stored}
                  />
                }
              />
              <IconButton
                aria-label={`Remove ${name} env var ${index + 1}`}
                onClick={() =>
                  set({ env: draft.env.filter((_, i) => i !== index) })
                }
                disabled={disabled}
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          ))}
          <FormHelperText error={problemsOf('env').length > 0}>
            {help(
              'env',
              'Merged into the component container’s env by name; the chart’s other entries stay',
            )}
          </FormHelperText>
          <Button
            size="small"
            onClick={() =>
              set({
                env: [
                  ...draft.env,
                  { name: '', value: '', secret: false, stored: false },
                ],
              })
            }
            disabled={disabled || noContainer}
          >
            Add an env var to {name}
          </Button>
        </Grid>
      </Grid>
    </Box>
  );
};
