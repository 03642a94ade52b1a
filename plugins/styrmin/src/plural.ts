/** A count with its noun, in the singular for one: "1 deployment", "3 deployments". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
