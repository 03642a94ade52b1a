import { Command } from 'commander';
import { StyrminClient } from '@styrmin/sdk';
import { findDeployment, findEnvironment } from '../../../records/findRecords';
import { UsageError } from '../../../UsageError';

/** What a schedule verb parses to name whose schedule it is. */
export type ScheduleTargetOptions = { environment?: string };

/**
 * A verb on the schedule of a deployment (`[deployment]`) or of an environment
 * (`--environment <env>`): one of the two.
 */
export function scheduleCommand(
  schedule: Command,
  verb: string,
  description: string,
): Command {
  return schedule
    .command(verb)
    .description(description)
    .argument('[deployment]', '<environment>/<name>, or its id')
    .option(
      '--environment <environment>',
      'the schedule of an environment (its name or id), which its deployments without their own follow',
    );
}

/**
 * The deployment or environment a schedule verb names, as the mutations take it; a
 * UsageError unless exactly one is named.
 */
export async function scheduleTarget(
  client: StyrminClient,
  ref: string | undefined,
  options: ScheduleTargetOptions,
): Promise<{ deployment: string } | { environment: string }> {
  if ((ref === undefined) === (options.environment === undefined)) {
    throw new UsageError(
      'Name a deployment (<environment>/<name>) or --environment <environment>, not both',
    );
  }
  return ref !== undefined
    ? { deployment: (await findDeployment(client, ref)).id }
    : { environment: (await findEnvironment(client, options.environment!)).id };
}
