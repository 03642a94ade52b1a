import { KubeObject } from '../../store/types';

/*
 * The Velero CustomResourceDefinitions the stand-in serves (velero.io/v1). Like Velero's, they
 * have no status subresource: Velero writes whole objects.
 */

const KINDS = [
  { kind: 'Backup', plural: 'backups', shortNames: [] as string[] },
  { kind: 'Restore', plural: 'restores', shortNames: [] as string[] },
  {
    kind: 'BackupStorageLocation',
    plural: 'backupstoragelocations',
    shortNames: ['bsl'],
  },
  {
    kind: 'DeleteBackupRequest',
    plural: 'deletebackuprequests',
    shortNames: [] as string[],
  },
  { kind: 'Schedule', plural: 'schedules', shortNames: [] as string[] },
  {
    kind: 'PodVolumeBackup',
    plural: 'podvolumebackups',
    shortNames: [] as string[],
  },
  {
    kind: 'PodVolumeRestore',
    plural: 'podvolumerestores',
    shortNames: [] as string[],
  },
];

const PROGRESS_COLUMNS = [
  { name: 'Status', type: 'string', jsonPath: '.status.phase' },
  { name: 'Started', type: 'date', jsonPath: '.status.startTimestamp' },
  {
    name: 'Bytes Done',
    type: 'integer',
    jsonPath: '.status.progress.bytesDone',
  },
  {
    name: 'Total Bytes',
    type: 'integer',
    jsonPath: '.status.progress.totalBytes',
  },
];

const COLUMNS: Record<
  string,
  Array<{ name: string; type: string; jsonPath: string }>
> = {
  BackupStorageLocation: [
    { name: 'Phase', type: 'string', jsonPath: '.status.phase' },
    {
      name: 'Last Validated',
      type: 'date',
      jsonPath: '.status.lastValidationTime',
    },
    { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
    { name: 'Default', type: 'boolean', jsonPath: '.spec.default' },
  ],
  PodVolumeBackup: [
    ...PROGRESS_COLUMNS,
    {
      name: 'Storage Location',
      type: 'string',
      jsonPath: '.spec.backupStorageLocation',
    },
    { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
  ],
  PodVolumeRestore: [
    { name: 'Namespace', type: 'string', jsonPath: '.spec.pod.namespace' },
    { name: 'Pod', type: 'string', jsonPath: '.spec.pod.name' },
    ...PROGRESS_COLUMNS,
    { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
  ],
  DeleteBackupRequest: [
    { name: 'BackupName', type: 'string', jsonPath: '.spec.backupName' },
    { name: 'Status', type: 'string', jsonPath: '.status.phase' },
  ],
};

export function veleroCustomResourceDefinitions(): KubeObject[] {
  return KINDS.map(({ kind, plural, shortNames }) => ({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.velero.io`, labels: { component: 'velero' } },
    spec: {
      group: 'velero.io',
      scope: 'Namespaced',
      names: {
        kind,
        listKind: `${kind}List`,
        plural,
        singular: kind.toLowerCase(),
        ...(shortNames.length ? { shortNames } : {}),
      },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          ...(COLUMNS[kind] ? { additionalPrinterColumns: COLUMNS[kind] } : {}),
          schema: {
            openAPIV3Schema: {
              type: 'object',
              'x-kubernetes-preserve-unknown-fields': true,
            },
          },
        },
      ],
    },
  }));
}
