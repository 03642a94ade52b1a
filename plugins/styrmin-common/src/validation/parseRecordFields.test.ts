import {
  parseBackupStorageLocation,
  parseRecordName,
} from './parseRecordFields';

describe('parseRecordName', () => {
  it.each(['dev', 'team-a', 'a', 'x'.repeat(63)])('accepts %s', name => {
    expect(parseRecordName(name)).toEqual({ success: true, value: name });
  });

  it.each(['Dev', '-dev', 'dev_1', '', 'x'.repeat(64), 7])(
    'refuses %j, naming the field',
    name => {
      const parsed = parseRecordName(name, 'environment');
      expect(parsed.success).toBe(false);
      expect(!parsed.success && parsed.problems[0]).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'environment',
      });
    },
  );
});

describe('parseBackupStorageLocation', () => {
  it.each(['default', 'minio.local', null])('accepts %j', name => {
    expect(parseBackupStorageLocation(name)).toEqual({
      success: true,
      value: name,
    });
  });

  it('refuses what is not a Kubernetes name', () => {
    expect(parseBackupStorageLocation('S3 Bucket')).toMatchObject({
      success: false,
      problems: [{ field: 'backupStorageLocation' }],
    });
  });
});
