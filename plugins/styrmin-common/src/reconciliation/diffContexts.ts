import { isJsonObject, JsonValue } from '../configuration/JsonValue';
import { ownValue } from '../configuration/ownValue';
import { canonicalJson } from '../context/canonicalJson';
import { GlobalContext } from '../context/GlobalContext';
import { formatDriverSpecPath } from '../driver/DriverSpecProblem';
import { ContextChange, SECRET_MASK } from './ContextChange';
import { maskSecrets, secretPathMatcher } from './maskSecrets';

type Path = string[];

const isNonEmptyObject = (value: JsonValue | undefined) =>
  isJsonObject(value) && Object.keys(value).length > 0;

const ownKeys = (value: JsonValue | undefined) =>
  isJsonObject(value) ? Object.keys(value) : [];

const valueAt = (value: JsonValue | undefined, key: string) =>
  isJsonObject(value) ? ownValue(value, key) : undefined;

const sameJson = (a: JsonValue, b: JsonValue) =>
  JSON.stringify(canonicalJson(a)) === JSON.stringify(canonicalJson(b));

function changeKind(
  before: JsonValue | undefined,
  after: JsonValue | undefined,
): ContextChange['kind'] {
  if (before === undefined) {
    return 'added';
  }
  return after === undefined ? 'removed' : 'changed';
}

/**
 * The reconciliation diff: what the desired context (of a newly generated instance)
 * changes in the active one, value by value. Objects are compared key by key down to
 * their values; a list (command, args) is one value, since an override replaces the whole
 * list. An object that only one side has is listed value by value too, so the first
 * instance of a deployment (no active one) lists every value as added.
 *
 * The values at the secret paths of either context, and inside them, are masked with
 * {@link SECRET_MASK}: a changed secret is reported as changed without its value. The
 * changes come in the order of their paths (keys sorted at every level), whatever order
 * the contexts were stored in; equal contexts give no changes.
 *
 * @public
 */
export function diffContexts(
  active: GlobalContext | undefined,
  desired: GlobalContext,
): ContextChange[] {
  const isSecret = secretPathMatcher([
    ...(active?.secret_paths ?? []),
    ...desired.secret_paths,
  ]);
  const mask = (path: Path, value: JsonValue) =>
    maskSecrets(value, { isSecret, path });

  const changes: ContextChange[] = [];
  const compare = (
    path: Path,
    before: JsonValue | undefined,
    after: JsonValue | undefined,
  ) => {
    if (
      (isJsonObject(before) && isJsonObject(after)) ||
      (before === undefined && isNonEmptyObject(after)) ||
      (after === undefined && isNonEmptyObject(before))
    ) {
      const keys = new Set([...ownKeys(before), ...ownKeys(after)]);
      for (const key of [...keys].sort()) {
        compare([...path, key], valueAt(before, key), valueAt(after, key));
      }
      return;
    }
    if (before === undefined && after === undefined) {
      return;
    }
    if (
      before !== undefined &&
      after !== undefined &&
      sameJson(before, after)
    ) {
      return;
    }
    changes.push({
      path: formatDriverSpecPath(path),
      kind: changeKind(before, after),
      ...(before !== undefined && { before: mask(path, before) }),
      ...(after !== undefined && { after: mask(path, after) }),
      ...(isSecret(path) && { secret: true as const }),
    });
  };
  compare(
    [],
    active as unknown as JsonValue | undefined,
    desired as unknown as JsonValue,
  );
  return changes;
}
