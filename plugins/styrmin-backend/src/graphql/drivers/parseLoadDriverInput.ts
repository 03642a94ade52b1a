import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { MAX_DRIVER_ARCHIVE_BYTES } from '@styrmin/plugin-styrmin-node';
import { DriverLoadInput } from '../../drivers/DriverLoader';
import { LoadDriverInput } from '../generated/schemaTypes';

type Field = 'path' | 'url' | 'ref' | 'archive';

/** The fields each source takes; the first is required. */
const FIELDS: Record<LoadDriverInput['source'], Field[]> = {
  DIRECTORY: ['path'],
  GIT: ['url', 'ref', 'path'],
  UPLOAD: ['archive', 'path'],
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Checks that a `loadDriver` input (as graphql-js passes it: the schema has checked the
 * types) names exactly what its source needs, and decodes the
 * archive of an upload. Throws `VALIDATION_FAILED` with the field at fault.
 *
 * @internal
 */
export function parseLoadDriverInput(input: LoadDriverInput): DriverLoadInput {
  const { source } = input;
  const [required, ...optional] = FIELDS[source];
  const value = (field: Field) => input[field] ?? undefined;
  for (const field of ['path', 'url', 'ref', 'archive'] as const) {
    if (
      value(field) !== undefined &&
      field !== required &&
      !optional.includes(field)
    ) {
      throw new StyrminError(
        'VALIDATION_FAILED',
        `A ${source} source takes no ${field}`,
        { field },
      );
    }
  }
  const requiredValue = value(required);
  if (!requiredValue) {
    throw new StyrminError(
      'VALIDATION_FAILED',
      `A ${source} source needs a ${required}`,
      { field: required },
    );
  }

  switch (source) {
    case 'DIRECTORY':
      return { source, path: requiredValue };
    case 'GIT':
      return {
        source,
        url: requiredValue,
        ref: value('ref'),
        path: value('path'),
      };
    default:
      return {
        source,
        archive: decodeArchive(requiredValue),
        path: value('path'),
      };
  }
}

function decodeArchive(base64: string): Buffer {
  if (base64.length % 4 !== 0 || !BASE64.test(base64)) {
    throw new StyrminError(
      'VALIDATION_FAILED',
      'The archive must be base64 (RFC 4648, with padding)',
      { field: 'archive' },
    );
  }
  const archive = Buffer.from(base64, 'base64');
  if (archive.length > MAX_DRIVER_ARCHIVE_BYTES) {
    throw new StyrminError(
      'VALIDATION_FAILED',
      `The archive has ${archive.length} bytes, more than the ${MAX_DRIVER_ARCHIVE_BYTES} a ` +
        'load request may carry; load the driver from git instead',
      { field: 'archive' },
    );
  }
  return archive;
}
