import { screen, within } from '@testing-library/react';
import { minioLocation } from '../../__testUtils__/backupFixtures';
import { mockStyrminApi } from '../../__testUtils__/fixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { EnvironmentPage } from '../EnvironmentPage';
import { BackupStorageLocationStatus } from './BackupStorageLocationStatus';

describe('BackupStorageLocationStatus', () => {
  it("shows on the environment's settings its location with each cluster's phase", async () => {
    const api = renderPage(<EnvironmentPage name="dev" tab="settings" />);

    const local = within(
      await screen.findByRole('group', { name: 'minio in cluster local' }),
    );
    expect(local.getByText('Available')).toBeInTheDocument();
    expect(local.getByText(/validated/)).toBeInTheDocument();
    expect(api.getBackupStorageLocation).toHaveBeenCalledWith('minio');
  });

  it("shows an Unavailable location with Velero's reason", async () => {
    renderPage(
      <BackupStorageLocationStatus name="minio" />,
      mockStyrminApi({
        getBackupStorageLocation: async () => ({
          ...minioLocation,
          clusters: [
            {
              ...minioLocation.clusters[0],
              phase: 'Unavailable',
              message:
                'BackupStorageLocation "minio" is unavailable: AccessDenied',
            },
          ],
        }),
      }),
    );

    const local = within(
      await screen.findByRole('group', { name: 'minio in cluster local' }),
    );
    expect(local.getByText('Unavailable')).toBeInTheDocument();
    expect(
      local.getByText(
        'BackupStorageLocation "minio" is unavailable: AccessDenied',
      ),
    ).toBeInTheDocument();
  });

  it('says what a location that is not configured lacks', async () => {
    renderPage(
      <BackupStorageLocationStatus name="minio" />,
      mockStyrminApi({
        getBackupStorageLocation: async () => ({
          ...minioLocation,
          bucket: null,
          credentialsSecret: null,
          configured: false,
          clusters: [],
        }),
      }),
    );

    expect(
      await screen.findByText(/Not configured: it needs a bucket/),
    ).toBeInTheDocument();
  });
});
