/*
 * The simple JSON paths that CRDs use for scale subresources, printer columns and selectable
 * fields: `.spec.replicas`, `.spec.containers[0].image` and the filter that printer columns
 * use, `.status.conditions[?(@.type=="Ready")].status`.
 */

type Step =
  | { field: string }
  | { index: number }
  | { filterField: string; filterValue: string };

function parse(path: string): Step[] {
  const steps: Step[] = [];
  const pattern =
    /\.([^.[\]]+)|\[(\d+)\]|\[\?\(@\.([^=]+)==["']([^"']*)["']\)\]/g;
  let consumed = 0;
  for (const match of path.matchAll(pattern)) {
    if (match.index !== consumed) {
      break;
    }
    consumed = match.index + match[0].length;
    if (match[1] !== undefined) {
      steps.push({ field: match[1] });
    } else if (match[2] !== undefined) {
      steps.push({ index: Number(match[2]) });
    } else {
      steps.push({ filterField: match[3], filterValue: match[4] });
    }
  }
  if (consumed !== path.length) {
    throw new Error(`unsupported JSON path ${path}`);
  }
  return steps;
}

export function getPath(object: unknown, path: string): unknown {
  let value: any = object;
  for (const step of parse(path)) {
    if (value === null || typeof value !== 'object') {
      return undefined;
    }
    if ('field' in step) {
      value = value[step.field];
    } else if ('index' in step) {
      value = Array.isArray(value) ? value[step.index] : undefined;
    } else {
      value = Array.isArray(value)
        ? value.find(
            item => String(item?.[step.filterField]) === step.filterValue,
          )
        : undefined;
    }
  }
  return value;
}

/** Sets a value at a path of plain fields in a mutable object, creating maps on the way. */
export function setPath(
  object: Record<string, any>,
  path: string,
  value: unknown,
): void {
  const fields = parse(path).map(step => {
    if (!('field' in step)) {
      throw new Error(
        `cannot set ${path}: only plain field paths can be written`,
      );
    }
    return step.field;
  });
  let target = object;
  for (const field of fields.slice(0, -1)) {
    if (target[field] === null || typeof target[field] !== 'object') {
      target[field] = {};
    }
    target = target[field];
  }
  target[fields[fields.length - 1]] = value;
}
