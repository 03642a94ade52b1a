export { QueryLinkListItem } from './QueryLinkListItem';
