// A driver action of the end-to-end tests (e2eActionApi.test.ts): it calls the Styrmin API
// through the SDK with what the agent gives its process, STYRMIN_URL and STYRMIN_TOKEN,
// and writes what it saw to the file that its prompt names. The SDK is vendored beside it
// (vendor/styrmin-sdk.js, bundled by the test), as a driver ships its dependencies.
import { writeFile } from 'node:fs/promises';
import {
  StyrminApiError,
  StyrminClient,
  styrminPluginUrl,
} from './vendor/styrmin-sdk.js';

/** How a call ended: ANSWERED, or the code it was refused with. */
const outcome = call =>
  call.then(
    () => 'ANSWERED',
    error => (error instanceof StyrminApiError ? error.code : String(error)),
  );

export async function callApi({ context, prompts }) {
  const client = StyrminClient.create({
    baseUrl: styrminPluginUrl(process.env.STYRMIN_URL),
    token: process.env.STYRMIN_TOKEN,
  });
  const own = await client.deployment({ id: context.deployment.id });
  // A task through the API, not a primitive: not linked to the hook step.
  const { task } = await client.editDeployment({
    id: own.id,
    configuration: { parameters: { log_level: 'DEBUG' } },
  });
  const other = prompts.other_deployment_id;
  const report = {
    token: process.env.STYRMIN_TOKEN,
    own: { id: own.id, name: own.name, state: own.state },
    startedTaskId: task.id,
    otherRead: await outcome(client.deployment({ id: other })),
    otherChange: await outcome(
      client.stopComponents({ id: other, components: ['server'] }),
    ),
    list: await outcome(client.deployments()),
  };
  // Printed to prove that the agent's log never shows it.
  console.log(`Called the API as ${process.env.STYRMIN_TOKEN}`);
  await writeFile(prompts.report_path, JSON.stringify(report));
}
