export { EventsCard } from './EventsCard';
export type { EventsCardProps } from './EventsCard';
export { EventsTable } from './EventsTable';
export type { EventsTableProps } from './EventsTable';
export { EntityStyrminEventsCard } from './EntityStyrminEventsCard';
