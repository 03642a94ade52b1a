import { StatusCause } from '../resources/ResourceType';
import { KubeObject } from '../store/types';
import { isPlainObject } from '../util/json';
import { ApiError } from './ApiError';
import { asObject } from './objectShape';
import { jsonPatch } from './patch/jsonPatch';
import { mergePatch } from './patch/mergePatch';
import { strategicMergePatch } from './patch/strategicMergePatch';
import { PatchOptions, PatchType, RequestScope } from './types';

/** The patch types a custom resource accepts, as a 415 lists them. */
export const CUSTOM_RESOURCE_PATCH_TYPES = [
  'application/json-patch+json',
  'application/merge-patch+json',
  'application/apply-patch+yaml',
];

/** The checks of PatchOptions: 415 for strategic merge on custom resources, 422 for bad options. */
export function checkPatchRequest(
  scope: RequestScope,
  patchType: PatchType,
  options: PatchOptions,
): void {
  if (patchType === 'strategic' && !scope.type.builtin) {
    throw ApiError.unsupportedMediaType(CUSTOM_RESOURCE_PATCH_TYPES);
  }
  const causes: StatusCause[] = [];
  if (patchType === 'apply' && !options.fieldManager) {
    causes.push({
      reason: 'FieldValueRequired',
      message: 'Required value: is required for apply patch',
      field: 'fieldManager',
    });
  }
  if (options.force && patchType !== 'apply') {
    causes.push({
      reason: 'FieldValueForbidden',
      message: 'Forbidden: may not be specified for non-apply patch',
      field: 'force',
    });
  }
  if (causes.length) {
    throw ApiError.invalid(
      { group: 'meta.k8s.io', plural: '', kind: 'PatchOptions' },
      '',
      causes,
    );
  }
}

/** A JSON, merge or strategic merge patch applied to a document (the object, or its Scale). */
export function patchDocument(
  patchType: Exclude<PatchType, 'apply'>,
  current: KubeObject,
  patch: unknown,
  scope: RequestScope,
): KubeObject {
  switch (patchType) {
    case 'json':
      return asObject(jsonPatch(current, patch));
    case 'merge':
      if (!isPlainObject(patch)) {
        throw ApiError.badRequest(
          'json: cannot unmarshal array into Go value of type map[string]interface {}',
        );
      }
      return asObject(mergePatch(current, patch));
    default:
      return strategicMergePatch(
        current,
        patch,
        scope.type.listSemantics,
      ) as KubeObject;
  }
}
