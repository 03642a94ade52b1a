/**
 * An object's key: `<namespace>/<name>` (`/<name>` when cluster-scoped), as the store files
 * objects and the controllers queue them.
 */
export function objectKey(namespace: string | undefined, name: string): string {
  return `${namespace ?? ''}/${name}`;
}

export function splitObjectKey(key: string): {
  namespace: string;
  name: string;
} {
  const at = key.indexOf('/');
  return { namespace: key.slice(0, at), name: key.slice(at + 1) };
}
