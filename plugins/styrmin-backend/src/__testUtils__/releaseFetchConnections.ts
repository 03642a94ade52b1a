/** Where Node's fetch keeps its dispatcher (undici's global dispatcher). */
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

type Dispatcher = { close(): Promise<void> };

/**
 * Lets go of the connections that fetch keeps alive, for a test whose backend fetches from
 * itself (the notification service, the actions service): they outlive the stopped server
 * and keep jest's worker from exiting. Later fetches get a dispatcher of their own.
 */
export async function releaseFetchConnections(): Promise<void> {
  const global = globalThis as unknown as Record<
    symbol,
    Dispatcher | undefined
  >;
  const dispatcher = global[GLOBAL_DISPATCHER];
  if (!dispatcher) {
    return;
  }
  const Agent = dispatcher.constructor as new () => Dispatcher;
  global[GLOBAL_DISPATCHER] = new Agent();
  await dispatcher.close();
}
