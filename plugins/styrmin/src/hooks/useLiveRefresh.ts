import { useEffect, useRef } from 'react';

/**
 * Calls `refresh` whenever what `channel` names changes, so that a page stays current
 * without a reload: on each Backstage signal the backend publishes on the channel, and every
 * `pollIntervalMs` as a fallback when signals do not reach the browser.
 *
 * Channels: `styrmin:deployment:<id>`, `styrmin:environment:<id>`, `styrmin:cluster:<id>`.
 */
export function useLiveRefresh(
  channel: string | undefined,
  refresh: () => void,
  pollIntervalMs = 10_000,
): void {
  // The latest callback, so that an inline function does not restart the timer each render.
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    if (!channel) {
      return undefined;
    }
    const timer = setInterval(() => latest.current(), pollIntervalMs);
    return () => clearInterval(timer);
  }, [channel, pollIntervalMs]);
}
