import { createTestIo } from './createTestIo';
import { startGraphQLStub } from './startGraphQLStub';
import { main } from '../main';

/**
 * Runs one styrminctl command against a stub of the GraphQL endpoint that answers each
 * operation with `answers` (see `startGraphQLStub`), `--wait` polling at once; answers its
 * exit code, its output and the requests it sent.
 */
export async function runAgainstStub(
  answers: Record<string, unknown>,
  argv: string[],
) {
  const stub = await startGraphQLStub(answers);
  try {
    const test = createTestIo({
      env: { HOME: '/nonexistent', STYRMIN_WAIT_INTERVAL_MS: '1' },
    });
    const exitCode = await main([...argv, '--url', stub.url], test.io);
    return {
      exitCode,
      stdout: test.stdout(),
      stderr: test.stderr(),
      requests: stub.requests,
    };
  } finally {
    await stub.close();
  }
}
