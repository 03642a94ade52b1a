import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StyrminApiError } from '@styrmin/sdk';
import { mockStyrminApi } from '../../__testUtils__/fixtures';
import { infrahubWithSpec } from '../../__testUtils__/exampleDriverVersions';
import { devEnvironment } from '../../__testUtils__/recordFixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { CreateDeploymentDialog } from './CreateDeploymentDialog';

/** Opens the dialog over dev, once the driver version's parameters are drawn. */
async function openDialog(api = mockStyrminApi()) {
  renderPage(
    <CreateDeploymentDialog environment={devEnvironment} onClose={() => {}} />,
    api,
  );
  const dialog = within(await screen.findByRole('dialog'));
  await dialog.findByLabelText(/admin_password/);
  return { api, dialog };
}

describe('CreateDeploymentDialog', () => {
  it('says as you type that the environment has a deployment of the name', async () => {
    const { api, dialog } = await openDialog();

    // dev has a deployment named infrahub.
    await userEvent.type(dialog.getByLabelText(/^Name/), 'infrahub');

    expect(
      await dialog.findByText(
        'The environment dev has a deployment named infrahub already',
      ),
    ).toBeInTheDocument();
    expect(api.getEnvironment).toHaveBeenCalledWith({ name: 'dev' });
    expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();

    await userEvent.type(dialog.getByLabelText(/^Name/), '-2');
    await waitFor(() =>
      expect(
        dialog.queryByText(/has a deployment named/),
      ).not.toBeInTheDocument(),
    );
  });

  it('checks a parameter as you type, by the rules the server applies', async () => {
    const { dialog } = await openDialog(
      mockStyrminApi({ getDriverVersion: async () => infrahubWithSpec }),
    );

    // infrahub 1.1.0's admin_password is at least 12 characters long.
    await userEvent.type(dialog.getByLabelText(/admin_password/), 'short');

    expect(
      await dialog.findByText('Must be at least 12 characters long'),
    ).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText(/^Name/), 'infrahub-2');
    await userEvent.type(
      dialog.getByLabelText(/^Application version/),
      '1.6.1',
    );
    expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  });

  it('shows a refusal at the top of the dialog, scrolled to and focused', async () => {
    const scrollIntoView = jest.fn();
    window.HTMLElement.prototype.scrollIntoView = scrollIntoView;
    const { dialog } = await openDialog(
      mockStyrminApi({
        createDeployment: async () => {
          throw new StyrminApiError({
            code: 'UNAVAILABLE',
            message: 'The cluster local has no agent connected',
          });
        },
      }),
    );

    await userEvent.type(dialog.getByLabelText(/^Name/), 'infrahub-2');
    await userEvent.type(
      dialog.getByLabelText(/^Application version/),
      '1.6.1',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));

    const alert = await dialog.findByRole('alert', {
      name: 'Styrmin refused the deployment',
    });
    expect(alert).toHaveTextContent(
      '[UNAVAILABLE] The cluster local has no agent connected',
    );
    expect(alert).toHaveFocus();
    expect(scrollIntoView).toHaveBeenCalled();
    // Above the first field of the form.
    expect(
      alert.compareDocumentPosition(dialog.getByLabelText('Driver')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});
