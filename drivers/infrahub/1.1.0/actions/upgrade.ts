import type { ActionArguments } from './api';
import { verifyServer } from './verify';

const TASK_WORKERS = ['task-worker'];

/** upgrade / pre: no task may run against a schema that the migrations change. */
export async function stopTaskWorkers({ primitives }: ActionArguments) {
  await primitives.stopComponents(TASK_WORKERS);
}

/** upgrade / core: migrates the graph and the schema to the new application version. */
export async function runMigrations({
  primitives,
  prompts,
}: ActionArguments<{ migration_timeout_minutes: number }>) {
  await primitives.executeCommands({
    component: 'server',
    timeoutSeconds: prompts.migration_timeout_minutes * 60,
    commands: ['infrahub db migrate', 'infrahub db update-core-schema'],
  });
}

/** upgrade / post: the workers start once the migrated server answers. */
export async function startTaskWorkersAndVerify(args: ActionArguments) {
  await verifyServer(args);
  await args.primitives.startComponents(TASK_WORKERS);
}
