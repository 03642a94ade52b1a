import { useState } from 'react';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import type { PageInfo } from '@styrmin/sdk';

/**
 * Where a list paged newest first stands: `after` is the cursor to read the current page
 * with (undefined for the first).
 */
export function useCursorPages() {
  // The cursors of the pages before the current one, oldest last.
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    after: cursors.at(-1),
    hasNewer: cursors.length > 0,
    newer: () => setCursors(cursors.slice(0, -1)),
    older: (endCursor: string) => setCursors([...cursors, endCursor]),
  };
}

/** @public */
export interface CursorPagerProps {
  pages: ReturnType<typeof useCursorPages>;
  /** The current page's. */
  pageInfo: PageInfo;
  /** What the list holds, for screen readers: "Tasks", "Instances". */
  label: string;
}

/**
 * "Newer" and "Older" for a list that the API pages newest first by cursor; nothing when
 * the list fits one page.
 *
 * @public
 */
export const CursorPager = ({ pages, pageInfo, label }: CursorPagerProps) =>
  !pages.hasNewer && !pageInfo.hasNextPage ? null : (
    <Box
      component="nav"
      aria-label={`Pages of ${label}`}
      display="flex"
      justifyContent="space-between"
      p={1}
    >
      <Button disabled={!pages.hasNewer} onClick={pages.newer}>
        Newer
      </Button>
      <Button
        disabled={!pageInfo.hasNextPage || !pageInfo.endCursor}
        onClick={() => pages.older(pageInfo.endCursor!)}
      >
        Older
      </Button>
    </Box>
  );
