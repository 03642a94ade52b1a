import type { ActionArguments } from './api';

/** How long the server may take to answer after a start, in seconds. */
const READY_TIMEOUT_SECONDS = 300;

/**
 * Waits until the Infrahub server answers its API, from a pod of the server component,
 * through the Service that the driver declares.
 */
export async function verifyServer({ context, primitives }: ActionArguments) {
  const { url } =
    context.environment.deployments[context.deployment.name].services.http;
  await primitives.executeCommands({
    component: 'server',
    timeoutSeconds: READY_TIMEOUT_SECONDS,
    commands: [
      `python - <<'PY'
import time, urllib.request
deadline = time.time() + ${READY_TIMEOUT_SECONDS}
while True:
    try:
        urllib.request.urlopen("${url}/api/config", timeout=10)
        break
    except Exception as error:
        if time.time() > deadline:
            raise SystemExit(f"Infrahub did not answer at ${url}: {error}")
        time.sleep(5)
PY`,
    ],
  });
}
