import { IncomingMessage, ServerResponse } from 'node:http';
import { openWatch, WatchEvent, WatchOptions } from '../api/openWatch';
import { SandboxApi } from '../api/SandboxApi';
import { RequestScope } from '../api/types';
import { resourceKey } from '../resources/ResourceType';
import { KubeObject } from '../store/types';
import { ActiveWatches } from './ActiveWatches';

export interface ServeWatchOptions {
  api: SandboxApi;
  scope: RequestScope;
  watchOptions: WatchOptions;
  /** `timeoutSeconds`: the server ends the stream cleanly after it. */
  timeoutSeconds?: number;
  bookmarkIntervalMs: number;
  /** For `kubectl get --watch`: each event's object as a one-row Table. */
  asTable?: (object: KubeObject) => unknown;
  watches: ActiveWatches;
  request: IncomingMessage;
  response: ServerResponse;
}

/**
 * Streams a watch as newline-delimited JSON events over a chunked 200 response, the way the
 * apiserver does. The status line goes out only once the watch is open, so a bad selector is
 * still a plain 400 (thrown to the caller).
 */
export function serveWatch(options: ServeWatchOptions): void {
  const { response, scope } = options;
  const start = () => {
    if (!response.headersSent) {
      response.writeHead(200, {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-cache, private',
      });
    }
  };
  const send = (event: WatchEvent) => {
    start();
    const { asTable } = options;
    const tabular =
      asTable && event.type !== 'ERROR' && event.type !== 'BOOKMARK';
    if (!response.writableEnded) {
      response.write(
        `${JSON.stringify(
          tabular
            ? { ...event, object: asTable(event.object as KubeObject) }
            : event,
        )}\n`,
      );
    }
  };
  const handle = openWatch(options.api, scope, options.watchOptions, send);
  start();
  response.flushHeaders();
  if (handle.ended) {
    response.end();
    return;
  }
  const timers: NodeJS.Timeout[] = [];
  let unregister = () => {};
  const close = () => {
    timers.forEach(clearTimeout);
    handle.stop();
    unregister();
  };
  unregister = options.watches.add({
    resourceKey: resourceKey(scope.type),
    namespace: scope.namespace,
    reset: () => {
      close();
      response.destroy();
    },
    fail: status => {
      send({ type: 'ERROR', object: status });
      close();
      response.end();
    },
    end: () => {
      close();
      response.end();
    },
  });
  response.on('close', close);
  if (options.timeoutSeconds && options.timeoutSeconds > 0) {
    timers.push(
      setTimeout(() => {
        close();
        response.end();
      }, options.timeoutSeconds * 1000),
    );
  }
  if (options.watchOptions.allowWatchBookmarks) {
    timers.push(
      setInterval(() => handle.bookmark(), options.bookmarkIntervalMs),
    );
  }
}
