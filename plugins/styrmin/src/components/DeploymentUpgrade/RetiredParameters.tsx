import { InfoCard } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Checkbox from '@material-ui/core/Checkbox';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import FormHelperText from '@material-ui/core/FormHelperText';
import Radio from '@material-ui/core/Radio';
import RadioGroup from '@material-ui/core/RadioGroup';
import Typography from '@material-ui/core/Typography';
import {
  formatDriverSpecPath,
  SECRET_MASK,
} from '@styrmin/plugin-styrmin-common';
import type { Deployment, DriverVersion } from '@styrmin/sdk';

/** The field of a parameter, as problems name it. */
export const parameterPath = (name: string) =>
  formatDriverSpecPath(['parameters', name]);

/** The parameters the deployment sets that `target` no longer declares. */
export function retiredParameters(
  deployment: Deployment,
  target: DriverVersion,
): string[] {
  return Object.keys(deployment.configuration.parameters ?? {}).filter(
    name => !target.parameters.some(p => p.name === name),
  );
}

/** The component whose replica override `target` says takes a retired parameter's value. */
function replacementOf(target: DriverVersion, name: string) {
  const retired = target.spec.spec.retired_parameters ?? {};
  return Object.hasOwn(retired, name)
    ? retired[name].replaced_by.replica_override
    : undefined;
}

/** @internal */
export interface RetiredParametersProps {
  deployment: Deployment;
  target: DriverVersion;
  /** The retired parameters whose values the upgrade removes. */
  removed: string[];
  onRemovedChange: (removed: string[]) => void;
  /** Problems by field. */
  problems: Record<string, string[] | undefined>;
  disabled: boolean;
}

/**
 * The parameters an upgrade retires, each with what becomes of its value: carried over to
 * the replica override that the new version says replaces it (the default), or removed.
 * Without a replacement, a value other than the default must be removed
 * (RETIRED_PARAMETER_VALUE).
 *
 * @internal
 */
export const RetiredParameters = ({
  deployment,
  target,
  removed,
  onRemovedChange,
  problems,
  disabled,
}: RetiredParametersProps) => {
  const parameters = deployment.configuration.parameters ?? {};
  const retired = retiredParameters(deployment, target);
  const setRemoved = (name: string, remove: boolean) =>
    onRemovedChange(
      remove ? [...removed, name] : removed.filter(n => n !== name),
    );
  return (
    <InfoCard
      title="Retired parameters"
      subheader={`Set on this deployment, no longer declared by ${target.version}: dropped when the value equals its default; otherwise carried over to what replaces it, or refused without a replacement (RETIRED_PARAMETER_VALUE).`}
    >
      {retired.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          None: every parameter this deployment sets is still declared.
        </Typography>
      ) : (
        retired.map(name => {
          const replacement = replacementOf(target, name);
          return (
            <Box
              key={name}
              component="section"
              aria-label={`Retired parameter ${name}`}
            >
              <Typography variant="body2">
                <code>{name}</code> ={' '}
                <code>
                  {parameters[name] === SECRET_MASK
                    ? 'secret'
                    : JSON.stringify(parameters[name])}
                </code>
              </Typography>
              {problems[parameterPath(name)]?.map(problem => (
                <FormHelperText key={problem} error>
                  {problem}
                </FormHelperText>
              ))}
              {replacement === undefined ? (
                <FormControlLabel
                  label={`Remove the value of ${name}`}
                  control={
                    <Checkbox
                      checked={removed.includes(name)}
                      onChange={event => setRemoved(name, event.target.checked)}
                      disabled={disabled}
                    />
                  }
                />
              ) : (
                <RadioGroup
                  aria-label={`What becomes of ${name}`}
                  value={removed.includes(name) ? 'remove' : 'carry-over'}
                  onChange={event =>
                    setRemoved(name, event.target.value === 'remove')
                  }
                >
                  <FormControlLabel
                    value="carry-over"
                    label={`Carry it over to the replica override of ${replacement}`}
                    control={<Radio disabled={disabled} />}
                  />
                  <FormControlLabel
                    value="remove"
                    label={`Remove the value of ${name}`}
                    control={<Radio disabled={disabled} />}
                  />
                </RadioGroup>
              )}
            </Box>
          );
        })
      )}
    </InfoCard>
  );
};
