import { ReactNode } from 'react';
import ListItem from '@material-ui/core/ListItem';
import { Link as RouterLink } from 'react-router-dom';

/**
 * An item of a list that opens one of its records on the same page: a link to the current
 * address with the record named in its query (`?task=<id>`, `?backup=<id>`), so that the
 * list works on a page and in a catalog entity's tab alike, and the choice can be shared.
 */
export const QueryLinkListItem = ({
  parameter,
  value,
  selected,
  children,
}: {
  /** The query parameter that names the record. */
  parameter: string;
  value: string;
  selected: boolean;
  children: ReactNode;
}) => (
  <ListItem
    button
    component={RouterLink}
    // It goes somewhere: a link, not the button role a clickable list item takes.
    role="link"
    to={`?${new URLSearchParams({ [parameter]: value })}`}
    selected={selected}
    aria-current={selected ? 'true' : undefined}
  >
    {children}
  </ListItem>
);
