import { defineDomainEnum } from '../domain/domainEnum';

/**
 * What started a backup. A constituent backup of an environment backup carries the
 * trigger of its environment backup.
 *
 * @public
 */
export const BackupTrigger = defineDomainEnum('backup trigger', {
  ON_DEMAND:
    'Someone asked for it (Backups tab, styrminctl backups create, the SDK, GraphQL).',
  SCHEDULE:
    "The deployment's backup schedule, its own or its environment's, reached a run.",
});

/** @public */
export type BackupTrigger = (typeof BackupTrigger.values)[number];
