import { WarningPanel } from '@backstage/core-components';
import Button from '@material-ui/core/Button';
import { StyrminErrorCode } from '@styrmin/plugin-styrmin-common';
import { StyrminApiError } from '@styrmin/sdk';

/** @public */
export interface ChangeErrorProps {
  error: Error;
  /** Reads the deployment again: what a CONFLICT asks for. */
  onReload: () => void;
}

/**
 * Why a change of a deployment failed, when no field is at fault, led by its error code.
 * A CONFLICT means that the deployment changed since it was read: the change is not
 * applied, and the user reloads it to see the new version before trying again.
 *
 * @public
 */
export const ChangeError = ({ error, onReload }: ChangeErrorProps) => {
  const code = error instanceof StyrminApiError ? error.code : undefined;
  if (code === 'CONFLICT') {
    return (
      <WarningPanel
        defaultExpanded
        severity="error"
        title="[CONFLICT] The deployment changed since you loaded it"
        message={`Nothing was applied. Reload to see the deployment as it is now, then make your change again. (${error.message})`}
      >
        <Button variant="outlined" onClick={onReload}>
          Reload
        </Button>
      </WarningPanel>
    );
  }
  return (
    <WarningPanel
      defaultExpanded
      severity="error"
      title={code ? `[${code}] ${error.message}` : error.message}
      message={code ? StyrminErrorCode.descriptions[code] : undefined}
    />
  );
};
