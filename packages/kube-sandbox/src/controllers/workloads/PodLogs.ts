interface ContainerLog {
  current: string[];
  previous?: string[];
  followers: Set<Follower>;
}

interface Follower {
  onLine(line: string): void;
  onEnd(): void;
}

/**
 * What simulated containers wrote, per pod and container: the current attempt's lines, the
 * previous attempt's (for `--previous`), and followers (`--follow`) that get new lines until
 * the container ends.
 */
export class PodLogs {
  readonly #logs = new Map<string, ContainerLog>();

  private constructor() {}

  static create(): PodLogs {
    return new PodLogs();
  }

  #log(namespace: string, pod: string, container: string): ContainerLog {
    const key = `${namespace}/${pod}/${container}`;
    let log = this.#logs.get(key);
    if (!log) {
      log = { current: [], followers: new Set() };
      this.#logs.set(key, log);
    }
    return log;
  }

  /** A new attempt of a container: the last one's lines become the previous ones. */
  restart(namespace: string, pod: string, container: string): void {
    const log = this.#log(namespace, pod, container);
    log.previous = log.current;
    log.current = [];
  }

  append(
    namespace: string,
    pod: string,
    container: string,
    text: string,
  ): void {
    if (!text) {
      return;
    }
    const log = this.#log(namespace, pod, container);
    const lines = text.endsWith('\n')
      ? text.slice(0, -1).split('\n')
      : text.split('\n');
    for (const line of lines) {
      log.current.push(line);
      log.followers.forEach(f => f.onLine(line));
    }
  }

  /** The container stopped: followers are done. */
  end(namespace: string, pod: string, container: string): void {
    const log = this.#log(namespace, pod, container);
    log.followers.forEach(f => f.onEnd());
    log.followers.clear();
  }

  lines(
    namespace: string,
    pod: string,
    container: string,
    previous = false,
  ): string[] | undefined {
    const log = this.#logs.get(`${namespace}/${pod}/${container}`);
    return previous ? log?.previous : log?.current ?? [];
  }

  follow(
    namespace: string,
    pod: string,
    container: string,
    follower: Follower,
  ): () => void {
    const log = this.#log(namespace, pod, container);
    log.followers.add(follower);
    return () => log.followers.delete(follower);
  }

  /** Forgets a deleted pod's logs (and ends its followers). */
  forget(namespace: string, pod: string): void {
    for (const [key, log] of this.#logs) {
      if (key.startsWith(`${namespace}/${pod}/`)) {
        log.followers.forEach(f => f.onEnd());
        this.#logs.delete(key);
      }
    }
  }
}
