/** Every page of a listing, one after the other. */
export async function allPages<T>(
  page: (after?: string) => Promise<{
    nodes: T[];
    pageInfo: { endCursor: string | null; hasNextPage: boolean };
  }>,
): Promise<T[]> {
  const all: T[] = [];
  for (let after: string | undefined; ; ) {
    const { nodes, pageInfo } = await page(after);
    all.push(...nodes);
    if (!pageInfo.hasNextPage || !pageInfo.endCursor) {
      return all;
    }
    after = pageInfo.endCursor;
  }
}
