import { ReactNode, createContext, useContext } from 'react';
import { Link } from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import { BreadcrumbEntry } from '@backstage/frontend-plugin-api';
import Box from '@material-ui/core/Box';
import Breadcrumbs from '@material-ui/core/Breadcrumbs';
import Typography from '@material-ui/core/Typography';
import { rootRouteRef } from '../../routes';

/** @public */
export interface PageTrailEntry {
  label: string;
  href: string;
}

/** @public */
export interface PageTrailProps {
  /** The pages from the Styrmin home page (excluded) down to this one (included). */
  entries: PageTrailEntry[];
  children: ReactNode;
}

/** Set by the legacy page, whose header has no breadcrumbs. */
const TrailInContent = createContext(false);

/**
 * Makes {@link PageTrail} draw the trail above the page content; for legacy apps, whose
 * page header cannot show it.
 *
 * @public
 */
export const PageTrailInContent = ({ children }: { children: ReactNode }) => (
  <TrailInContent.Provider value>{children}</TrailInContent.Provider>
);

/**
 * Where a page sits below the Styrmin home page. In the new frontend system the entries go
 * to the page header's breadcrumbs, after the plugin's title; `BreadcrumbEntry` does
 * nothing in legacy apps, where {@link PageTrailInContent} draws them above the content.
 *
 * @public
 */
export const PageTrail = ({ entries, children }: PageTrailProps) => {
  const inContent = useContext(TrailInContent);
  const home = useRouteRef(rootRouteRef)();
  // Each entry wraps the next, which is how BreadcrumbEntry learns its depth.
  const registered = entries.reduceRight<ReactNode>(
    (inner, entry) => <BreadcrumbEntry entry={entry}>{inner}</BreadcrumbEntry>,
    children,
  );
  if (!inContent) {
    return <>{registered}</>;
  }
  const ancestors = [{ label: 'Styrmin', href: home }, ...entries.slice(0, -1)];
  // Material UI's own breadcrumbs: every entry stays a link, reachable by keyboard.
  return (
    <>
      <Box component={Breadcrumbs} aria-label="Breadcrumbs" mb={2}>
        {ancestors.map(entry => (
          <Link key={entry.href} to={entry.href}>
            {entry.label}
          </Link>
        ))}
        <Typography aria-current="page">
          {entries[entries.length - 1]?.label}
        </Typography>
      </Box>
      {registered}
    </>
  );
};
