/** @public */
export interface TimestampProps {
  /** An ISO 8601 timestamp, as the API returns them. */
  iso: string;
}

/**
 * A point in time: local date and time for people, the ISO timestamp for machines and as
 * the tooltip.
 *
 * @public
 */
export const Timestamp = ({ iso }: TimestampProps) => (
  <time dateTime={iso} title={iso}>
    {new Date(iso).toLocaleString(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    })}
  </time>
);
