import { ApiError } from '../api/ApiError';
import { DeleteOptions, ListOptions } from '../api/types';
import { Verb } from './FaultInjector';
import { ResourceRequest } from './parseRequestPath';

/*
 * What a resource request asks for, read from its method, path and query string the way the
 * apiserver reads them.
 */

export function verbOf(
  method: string,
  target: ResourceRequest,
  query: URLSearchParams,
): Verb {
  const collection = target.name === undefined;
  switch (method) {
    case 'GET':
      if (collection) {
        return target.watch || flag(query, 'watch') ? 'watch' : 'list';
      }
      return target.watch ? 'watch' : 'get';
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return collection ? 'deletecollection' : 'delete';
    default:
      throw ApiError.methodNotAllowed(
        `the server does not allow this method on the requested resource`,
      );
  }
}

export function flag(query: URLSearchParams, name: string): boolean {
  const value = query.get(name);
  return value === 'true' || value === '1';
}

/** DeleteOptions from the body, overridden by query parameters as the apiserver merges them. */
export function deleteOptions(
  body: Record<string, any>,
  query: URLSearchParams,
): DeleteOptions {
  const options: DeleteOptions = {
    propagationPolicy: body.propagationPolicy,
    orphanDependents: body.orphanDependents,
    gracePeriodSeconds: body.gracePeriodSeconds,
    preconditions: body.preconditions,
    dryRun: Array.isArray(body.dryRun) && body.dryRun.includes('All'),
  };
  if (query.has('propagationPolicy')) {
    options.propagationPolicy = query.get(
      'propagationPolicy',
    ) as DeleteOptions['propagationPolicy'];
  }
  if (query.has('orphanDependents')) {
    options.orphanDependents = flag(query, 'orphanDependents');
  }
  if (query.has('gracePeriodSeconds')) {
    options.gracePeriodSeconds = Number(query.get('gracePeriodSeconds'));
  }
  if (query.getAll('dryRun').includes('All')) {
    options.dryRun = true;
  }
  if (
    options.propagationPolicy &&
    !['Orphan', 'Background', 'Foreground'].includes(options.propagationPolicy)
  ) {
    throw ApiError.invalid(
      { group: 'meta.k8s.io', plural: '', kind: 'DeleteOptions' },
      '',
      [
        {
          reason: 'FieldValueNotSupported',
          message: `Unsupported value: "${options.propagationPolicy}": supported values: "Foreground", "Background", "Orphan"`,
          field: 'propagationPolicy',
        },
      ],
    );
  }
  return options;
}

/** The apiserver names an unnamed writer after its client binary (`kubectl/v1.34…` → kubectl). */
export function managerFromUserAgent(userAgent: string | undefined): string {
  const name = (userAgent ?? '').split('/')[0].trim();
  return name || 'unknown';
}

/** The list options of a query string. */
export function listOptions(query: URLSearchParams): ListOptions {
  return {
    labelSelector: query.get('labelSelector') ?? undefined,
    fieldSelector: query.get('fieldSelector') ?? undefined,
    limit: query.has('limit') ? Number(query.get('limit')) : undefined,
    continue: query.get('continue') ?? undefined,
    resourceVersion: query.get('resourceVersion') ?? undefined,
    resourceVersionMatch: query.get('resourceVersionMatch') ?? undefined,
  };
}
