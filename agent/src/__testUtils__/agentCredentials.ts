import {
  ensureTools,
  runTool,
  Sandbox,
  ServiceAccountCredentials,
  serviceAccountUser,
} from '@styrmin/kube-sandbox';
import path from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { OPERATOR_NAMESPACE } from './operatorSandbox';

const CHART = path.resolve(__dirname, '../../chart');
/** The release name the tests install the chart under: its ServiceAccount's name. */
export const AGENT_RELEASE = 'styrmin-agent';
const VELERO_NAMESPACE = 'velero';
/** What the chart installs for the agent's identity and permissions, nothing that runs. */
const RBAC_TEMPLATES = [
  'templates/serviceaccount.yaml',
  'templates/role.yaml',
  'templates/clusterrole.yaml',
  'templates/velerorole.yaml',
];

/**
 * The agent chart's ServiceAccount, Roles, ClusterRole and bindings as the real helm renders
 * them for a release in the operator's namespace (Velero's Role in `velero`), as objects.
 */
export async function renderAgentRbac(): Promise<any[]> {
  const { helm } = await ensureTools();
  const rendered = await runTool(helm, [
    'template',
    AGENT_RELEASE,
    CHART,
    '--namespace',
    OPERATOR_NAMESPACE,
    // The chart refuses to render without it; the RBAC does not depend on it.
    '--set',
    'server.url=https://styrmin.invalid',
    ...RBAC_TEMPLATES.flatMap(t => ['--show-only', t]),
  ]);
  if (rendered.exitCode !== 0) {
    throw new Error(`helm template ${CHART}: ${rendered.stderr}`);
  }
  return parseAllDocuments(rendered.stdout)
    .map(d => d.toJS())
    .filter(Boolean);
}

/**
 * The agent's credentials as in a cluster its chart was installed in: the chart's RBAC
 * applied (as an admin would, with Velero's namespace made when the sandbox has no Velero, as
 * the chart's default `velero.enabled` expects it) and a token of its ServiceAccount. The agent
 * may then do exactly what the chart allows it.
 */
export async function agentCredentials(
  sandbox: Sandbox,
): Promise<ServiceAccountCredentials> {
  const objects = await renderAgentRbac();
  if (!sandbox.api.store.get('/namespaces', '', VELERO_NAMESPACE)) {
    await sandbox.kubectl(['create', 'namespace', VELERO_NAMESPACE]);
  }
  const applied = await sandbox.kubectl(['apply', '-f', '-'], {
    input: objects.map(o => stringify(o)).join('---\n'),
  });
  if (applied.exitCode !== 0) {
    throw new Error(
      `kubectl apply of the agent chart's RBAC: ${applied.stderr}`,
    );
  }
  return sandbox.serviceAccountCredentials(OPERATOR_NAMESPACE, AGENT_RELEASE);
}

/** The 403s the sandbox answered the agent's identity (none, if its chart's RBAC suffices). */
export function agentDenials(sandbox: Sandbox) {
  const user = serviceAccountUser(OPERATOR_NAMESPACE, AGENT_RELEASE);
  return {
    count: sandbox.authorizations.denials(user),
    messages: sandbox.authorizations.records
      .filter(r => r.user === user && !r.allowed)
      .map(r => r.message!),
  };
}

/** The error to fail the tests with when the sandbox answered the agent's identity a 403. */
export function agentDenialsError(sandbox: Sandbox): Error | undefined {
  const denials = agentDenials(sandbox);
  return denials.count
    ? new Error(
        `the sandbox answered the agent 403 Forbidden ${
          denials.count
        } times; its chart's RBAC does not allow:\n${denials.messages.join(
          '\n',
        )}`,
      )
    : undefined;
}
