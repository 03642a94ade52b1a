import { ReactNode } from 'react';
import Box from '@material-ui/core/Box';
import Tab from '@material-ui/core/Tab';
import Tabs from '@material-ui/core/Tabs';
import { Link as RouterLink } from 'react-router-dom';

/** @public */
export interface PageTab {
  /** Unique among the tabs; part of the element ids. */
  id: string;
  label: string;
  /** The tab's own address, so that it can be linked to and bookmarked. */
  href: string;
}

/** @public */
export interface PageTabsProps {
  /** What the tabs are of, for screen readers. */
  label: string;
  tabs: PageTab[];
  /** The id of the tab the address names. */
  selected: string;
  /** The selected tab's content. */
  children: ReactNode;
}

/**
 * Tabs that are links: choosing one changes the address, so every tab can be shared, and
 * back and forward step through them. The page reads the tab from its route and passes
 * `selected` and the content; tabs are reached with Tab and moved between with the arrow
 * keys.
 *
 * @public
 */
export const PageTabs = ({
  label,
  tabs,
  selected,
  children,
}: PageTabsProps) => (
  <>
    <Tabs
      value={selected}
      aria-label={label}
      indicatorColor="primary"
      textColor="primary"
      variant="scrollable"
      scrollButtons="auto"
    >
      {tabs.map(tab => (
        <Tab
          key={tab.id}
          value={tab.id}
          label={tab.label}
          id={`styrmin-tab-${tab.id}`}
          aria-controls={`styrmin-tabpanel-${tab.id}`}
          component={RouterLink}
          to={tab.href}
        />
      ))}
    </Tabs>
    <Box
      role="tabpanel"
      id={`styrmin-tabpanel-${selected}`}
      aria-labelledby={`styrmin-tab-${selected}`}
      pt={3}
    >
      {children}
    </Box>
  </>
);
