import { ErrorPanel, ResponseErrorPanel } from '@backstage/core-components';
import ListItem from '@material-ui/core/ListItem';
import ListItemText from '@material-ui/core/ListItemText';
import { StyrminErrorCode } from '@styrmin/plugin-styrmin-common';
import { StyrminApiError } from '@styrmin/sdk';

/** @public */
export interface StyrminErrorPanelProps {
  error: Error;
}

/**
 * Why a read failed. A failure of the Styrmin API leads with its error code, as styrminctl
 * prints it, and explains the code and the field at fault; anything else (a bug in a page)
 * is shown as Backstage shows failed requests.
 *
 * @public
 */
export const StyrminErrorPanel = ({ error }: StyrminErrorPanelProps) => {
  if (!(error instanceof StyrminApiError)) {
    return <ResponseErrorPanel error={error} />;
  }
  return (
    <ErrorPanel error={error} title={`[${error.code}] ${error.message}`}>
      <ListItem alignItems="flex-start">
        <ListItemText
          primary="Code"
          secondary={`${error.code}: ${
            StyrminErrorCode.descriptions[error.code]
          }`}
        />
      </ListItem>
      {error.field && (
        <ListItem alignItems="flex-start">
          <ListItemText primary="Field" secondary={error.field} />
        </ListItem>
      )}
    </ErrorPanel>
  );
};
