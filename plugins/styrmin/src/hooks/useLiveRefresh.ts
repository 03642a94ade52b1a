import { useEffect, useRef } from 'react';
import { useApiHolder } from '@backstage/core-plugin-api';
import { signalApiRef } from '@backstage/plugin-signals-react';

/**
 * How much longer the polling fallback waits while the app has Backstage signals: the
 * signals carry the changes, and the polls only make up for one that was lost.
 */
export const SIGNALLED_POLL_FACTOR = 6;

/**
 * Calls `refresh` whenever what `channel` names changes, so that a page stays current
 * without a reload: on each Backstage signal the backend publishes on the channel, and every
 * `pollIntervalMs` as a fallback when signals do not reach the browser (that interval times
 * {@link SIGNALLED_POLL_FACTOR} when the app has the signals API). A page that shows several
 * records passes each one's channel.
 *
 * Channels: `styrmin:deployment:<id>`, `styrmin:environment:<id>`, `styrmin:cluster:<id>`
 * (`styrminSignalChannel` of `@styrmin/plugin-styrmin-common`).
 */
export function useLiveRefresh(
  channel: string | string[] | undefined,
  refresh: () => void,
  pollIntervalMs = 10_000,
): void {
  // The latest callback, so that an inline function does not restart the timer each render.
  const latest = useRef(refresh);
  latest.current = refresh;
  // What `useSignal` does for one channel, for any number of them: hooks cannot loop.
  const signals = useApiHolder().get(signalApiRef);
  const channels = [channel ?? []].flat();
  // A key that changes only when the channels do, however the caller builds the list.
  const key = JSON.stringify([...channels].sort());
  useEffect(() => {
    const subscribed: string[] = JSON.parse(key);
    if (subscribed.length === 0) {
      return undefined;
    }
    const subscriptions = signals
      ? subscribed.map(c => signals.subscribe(c, () => latest.current()))
      : [];
    const timer = setInterval(
      () => latest.current(),
      signals ? pollIntervalMs * SIGNALLED_POLL_FACTOR : pollIntervalMs,
    );
    return () => {
      clearInterval(timer);
      subscriptions.forEach(s => s.unsubscribe());
    };
  }, [key, signals, pollIntervalMs]);
}
