import { StyrminApiError } from '@styrmin/sdk';
import { readFileSync } from 'node:fs';
import { Agent } from './Agent';
import { loadAgentConfig } from './config/AgentConfig';
import { createLogfmtLogger } from './logging/Logger';

/**
 * The agent as a process (`bin/styrmin-agent`): its configuration from the environment,
 * logs on stdout, and a graceful stop on SIGTERM or SIGINT (the runs in progress are left to
 * their leases and go on after a restart); a second signal ends it at once. Exits 2 for a
 * bad configuration and 1 when the agent cannot start.
 *
 * @public
 */
export async function runAgentProcess(): Promise<void> {
  const logger = createLogfmtLogger();
  let agent: Agent;
  try {
    agent = Agent.create({
      config: loadAgentConfig(process.env, file => readFileSync(file, 'utf8')),
      logger,
    });
  } catch (error) {
    logger.error('Invalid configuration', { error: (error as Error).message });
    process.exitCode = 2;
    return;
  }

  let stopping: Promise<void> | undefined;
  let stopped!: () => void;
  const untilStopping = new Promise<void>(resolve => {
    stopped = resolve;
  });
  const stop = (signal?: NodeJS.Signals) => {
    if (stopping) {
      logger.error('Stopped at once', { signal });
      process.exit(1);
    }
    logger.info('Stopping agent', { signal });
    stopping = agent.stop();
    stopped();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  try {
    await agent.start();
  } catch (error) {
    if (!stopping) {
      logger.error('Agent could not start', {
        code: error instanceof StyrminApiError ? error.code : undefined,
        error: (error as Error).message,
      });
      process.exitCode = 1;
      stop();
    }
  }
  // Runs until a signal asks it to stop.
  await untilStopping;
  await stopping;
}
