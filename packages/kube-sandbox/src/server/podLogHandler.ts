import { ApiError } from '../api/ApiError';
import { SandboxApi } from '../api/SandboxApi';
import { PodLogs } from '../controllers/workloads/PodLogs';
import { JsonMap, timestamp } from '../util/json';
import { PodLogHandler } from './ApiServer';

/**
 * `GET pods/<name>/log` over the simulated containers' output, with the apiserver's checks
 * (which container, whether it started) and options `container`, `previous`, `tailLines`,
 * `limitBytes`, `timestamps` and `follow` (streams until the container ends).
 */
export function createPodLogHandler(options: {
  api: SandboxApi;
  logs: PodLogs;
}): PodLogHandler {
  const { api, logs } = options;
  return ({ namespace, name, query, response }) => {
    const pod = api.get(api.scope('v1', 'Pod', namespace), name);
    const containers: JsonMap[] = [
      ...(pod.spec?.initContainers ?? []),
      ...(pod.spec?.containers ?? []),
    ];
    let container = query.get('container') ?? undefined;
    if (!container) {
      if ((pod.spec?.containers ?? []).length !== 1) {
        throw ApiError.badRequest(
          `a container name must be specified for pod ${name}, choose one of: [${containers
            .map(c => c.name)
            .join(' ')}]`,
        );
      }
      container = pod.spec.containers[0].name as string;
    }
    if (!containers.some(c => c.name === container)) {
      throw ApiError.badRequest(
        `container ${container} is not valid for pod ${name}`,
      );
    }
    const statuses: JsonMap[] = [
      ...(pod.status?.initContainerStatuses ?? []),
      ...(pod.status?.containerStatuses ?? []),
    ];
    const status = statuses.find(s => s.name === container);
    const previous = query.get('previous') === 'true';
    const waiting = status?.state?.waiting;
    if (!previous && (!status || (waiting && !status.containerID))) {
      throw ApiError.badRequest(
        `container "${container}" in pod "${name}" is waiting to start: ${
          waiting?.reason ?? 'ContainerCreating'
        }`,
      );
    }
    const lines = logs.lines(namespace, name, container, previous);
    if (!lines) {
      throw ApiError.badRequest(
        `previous terminated container "${container}" in pod "${name}" not found`,
      );
    }
    const withTime = (line: string) =>
      query.get('timestamps') === 'true' ? `${timestamp()} ${line}` : line;
    const tail = query.has('tailLines')
      ? Number(query.get('tailLines'))
      : undefined;
    const selected =
      tail === undefined
        ? lines
        : lines.slice(Math.max(0, lines.length - tail));
    let text = selected.map(line => `${withTime(line)}\n`).join('');
    if (query.has('limitBytes')) {
      text = text.slice(0, Number(query.get('limitBytes')));
    }
    response.writeHead(200, {
      'Content-Type': 'text/plain',
      'Cache-Control': 'no-cache, private',
    });
    const running = status?.state?.running !== undefined;
    if (query.get('follow') !== 'true' || previous || !running) {
      response.end(text);
      return;
    }
    response.write(text);
    const stop = logs.follow(namespace, name, container, {
      onLine: line => response.write(`${withTime(line)}\n`),
      onEnd: () => response.end(),
    });
    response.on('close', stop);
  };
}
