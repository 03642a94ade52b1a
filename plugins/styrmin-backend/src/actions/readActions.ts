import {
  DEPLOYMENT_SUMMARY_FIELDS,
  deploymentSummary,
  TASK_SUMMARY_FIELDS,
  taskSummary,
} from './actionSchemas';
import { styrminAction } from './StyrminAction';

const READ = { readOnly: true, idempotent: true, destructive: false };

/** Styrmin's read operations as actions: what the GraphQL queries answer, in short. */
export const readActions = [
  styrminAction({
    name: 'list-deployments',
    title: 'List Styrmin deployments',
    description:
      'A page of deployments by name, optionally of one environment. Needs styrmin.deployment.read.',
    attributes: READ,
    schema: {
      input: z =>
        z.object({
          environment: z
            .string()
            .optional()
            .describe('The id of their environment'),
          first: z.number().int().min(1).max(100).default(20),
          after: z
            .string()
            .optional()
            .describe('The endCursor of the page before'),
        }),
      output: z =>
        z.object({
          deployments: z.array(deploymentSummary),
          endCursor: z.string().nullable(),
          hasNextPage: z.boolean(),
        }),
    },
    document: `query ($first: Int, $after: String, $environment: ID) {
      deployments(first: $first, after: $after, filter: { environment: $environment }) {
        nodes { ${DEPLOYMENT_SUMMARY_FIELDS} } pageInfo { endCursor hasNextPage }
      }
    }`,
    output: ({ deployments }) => ({
      deployments: deployments.nodes,
      ...deployments.pageInfo,
    }),
  }),
  styrminAction({
    name: 'get-deployment',
    title: 'Get a Styrmin deployment',
    description:
      'One deployment with its configuration, by id or by environment and name; null when there is none. Needs styrmin.deployment.read.',
    attributes: READ,
    schema: {
      input: z =>
        z.object({
          id: z.string().optional(),
          environment: z
            .string()
            .optional()
            .describe("The environment's name, with name"),
          name: z.string().optional(),
        }),
      output: z =>
        z.object({
          deployment: deploymentSummary
            .extend({
              configuration: z
                .record(z.unknown())
                .describe('The declared configuration, secrets masked'),
            })
            .nullable(),
        }),
    },
    document: `query ($id: ID, $environment: String, $name: String) {
      deployment(id: $id, environment: $environment, name: $name) {
        ${DEPLOYMENT_SUMMARY_FIELDS} configuration
      }
    }`,
    output: data => data,
  }),
  styrminAction({
    name: 'list-environments',
    title: 'List Styrmin environments',
    description:
      'Every environment, optionally of one cluster, with the names of its deployments. Needs styrmin.environment.read.',
    attributes: READ,
    schema: {
      input: z =>
        z.object({
          cluster: z.string().optional().describe('The id of their cluster'),
        }),
      output: z =>
        z.object({
          environments: z.array(
            z.object({
              id: z.string(),
              name: z.string(),
              cluster: z.object({ id: z.string(), name: z.string() }),
              version: z.number(),
              deployments: z.array(z.object({ name: z.string() })),
            }),
          ),
        }),
    },
    document: `query ($cluster: ID) {
      environments(cluster: $cluster) {
        id name cluster { id name } version deployments { name }
      }
    }`,
    output: data => data,
  }),
  styrminAction({
    name: 'list-deployment-tasks',
    title: "List a Styrmin deployment's tasks",
    description:
      'The tasks of a deployment, newest first. Needs styrmin.deployment.read.',
    attributes: READ,
    schema: {
      input: z =>
        z.object({
          deployment: z.string().describe('The id of the deployment'),
          first: z.number().int().min(1).max(100).default(20),
        }),
      output: z => z.object({ tasks: z.array(taskSummary) }),
    },
    document: `query ($deployment: ID, $first: Int) {
      deployment(id: $deployment) { tasks(first: $first) { nodes { ${TASK_SUMMARY_FIELDS} } } }
    }`,
    output: ({ deployment }) => ({ tasks: deployment?.tasks.nodes ?? [] }),
  }),
  styrminAction({
    name: 'get-task',
    title: 'Get a Styrmin task',
    description:
      'One task with its steps; null when there is none. Needs styrmin.deployment.read.',
    attributes: READ,
    schema: {
      input: z => z.object({ id: z.string() }),
      output: z =>
        z.object({
          task: taskSummary
            .extend({
              steps: z.array(
                z.object({ name: z.string(), status: z.string() }),
              ),
            })
            .nullable(),
        }),
    },
    document: `query ($id: ID!) {
      task(id: $id) { ${TASK_SUMMARY_FIELDS} steps { name status } }
    }`,
    output: data => data,
  }),
  styrminAction({
    name: 'list-drivers',
    title: 'List Styrmin application drivers',
    description:
      'Every application driver with its loaded versions. Needs styrmin.driver.read.',
    attributes: READ,
    schema: {
      input: z => z.object({}),
      output: z =>
        z.object({
          drivers: z.array(
            z.object({
              name: z.string(),
              title: z.string(),
              versions: z.array(z.string()),
            }),
          ),
        }),
    },
    document: `query { drivers { name title versions { version } } }`,
    output: ({ drivers }) => ({
      drivers: drivers.map((driver: any) => ({
        ...driver,
        versions: driver.versions.map((v: any) => v.version),
      })),
    }),
  }),
];
