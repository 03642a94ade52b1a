import {
  mockCredentials,
  mockServices,
  ServiceMock,
} from '@backstage/backend-test-utils';
import { LoggerService } from '@backstage/backend-plugin-api';
import { ActionContext } from '@backstage/plugin-scaffolder-node';
import { createMockActionContext } from '@backstage/plugin-scaffolder-node-test-utils';
import { JsonObject } from '@backstage/types';
import { CheckpointStore } from './testBackend';

/**
 * The context of one run of an action, as the scaffolder gives it: the input, the user who
 * started the template, a logger whose lines the test reads, the task's checkpoints and
 * its cancellation signal.
 */
export function actionContext(options: {
  input: JsonObject;
  user: string;
  checkpoints?: CheckpointStore;
  signal?: AbortSignal;
}) {
  const logger: ServiceMock<LoggerService> = mockServices.logger.mock();
  const outputs: Record<string, unknown> = {};
  const checkpoints = options.checkpoints ?? new CheckpointStore();
  const ctx = {
    ...createMockActionContext({ input: options.input }),
    logger,
    output: (name: string, value: unknown) => {
      outputs[name] = value;
    },
    checkpoint: checkpoints.checkpoint,
    getInitiatorCredentials: async () => mockCredentials.user(options.user),
    signal: options.signal,
  } as unknown as ActionContext<any, any>;
  /** Every line logged, in order, without the level. */
  const lines = () =>
    [...logger.info.mock.calls, ...logger.error.mock.calls].map(([message]) =>
      String(message),
    );
  return { ctx, outputs, logger, lines, checkpoints };
}
