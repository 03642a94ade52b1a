import { Condition, ConditionType, Reason } from './conditions';
import { OperatorStep } from './OperatorStep';
import {
  observePhaseSteps,
  PhaseStepStatus,
  phaseStepReports,
} from './phaseSteps';
import { StyrminDeployment } from './StyrminDeployment';

const resource = (generation: number, conditions: Condition[]) =>
  ({
    metadata: { name: 'd1', generation },
    status: { conditions },
  } as unknown as StyrminDeployment);

const condition = (
  type: ConditionType,
  status: Condition['status'],
  reason: string,
  observedGeneration = 2,
  message = '',
): Condition => ({ type, status, reason, message, observedGeneration });

describe('observePhaseSteps', () => {
  it.each([
    { name: 'no status: nothing', conditions: [], observed: [] },
    {
      name: 'True: succeeded, False: failed with its message',
      conditions: [
        condition(ConditionType.NamespaceReady, 'True', Reason.Reconciled),
        condition(
          ConditionType.ChartSourceReady,
          'False',
          Reason.ChartSourceFailed,
          2,
          'no chart',
        ),
      ],
      observed: [
        { step: OperatorStep.EnsureNamespace, status: 'SUCCEEDED' },
        {
          step: OperatorStep.ApplyChartSource,
          status: 'FAILED',
          error: 'no chart',
        },
      ],
    },
    {
      name: 'Unknown: running, unless Pending',
      conditions: [
        condition(
          ConditionType.HelmReleaseReady,
          'Unknown',
          Reason.Progressing,
        ),
        condition(ConditionType.ServicesReady, 'Unknown', Reason.Pending),
      ],
      observed: [
        { step: OperatorStep.InstallOrUpgradeHelmRelease, status: 'RUNNING' },
      ],
    },
    {
      name: 'a condition of an older generation: nothing',
      conditions: [
        condition(ConditionType.NamespaceReady, 'True', Reason.Reconciled, 1),
      ],
      observed: [],
    },
    {
      name: 'in the order the phases run, Ready aside',
      conditions: [
        condition(ConditionType.Ready, 'True', Reason.Reconciled),
        condition(ConditionType.ServicesReady, 'True', Reason.Reconciled),
        condition(ConditionType.NamespaceReady, 'True', Reason.Reconciled),
      ],
      observed: [
        { step: OperatorStep.EnsureNamespace, status: 'SUCCEEDED' },
        { step: OperatorStep.ApplyServices, status: 'SUCCEEDED' },
      ],
    },
  ])('$name', ({ conditions, observed }) => {
    expect(observePhaseSteps(resource(2, conditions))).toEqual(observed);
  });
});

describe('phaseStepReports', () => {
  it.each<[PhaseStepStatus | undefined, PhaseStepStatus, PhaseStepStatus[]]>([
    [undefined, 'RUNNING', ['RUNNING']],
    [undefined, 'SUCCEEDED', ['RUNNING', 'SUCCEEDED']],
    [undefined, 'FAILED', ['RUNNING', 'FAILED']],
    ['RUNNING', 'RUNNING', []],
    ['RUNNING', 'SUCCEEDED', ['SUCCEEDED']],
    ['RUNNING', 'FAILED', ['FAILED']],
    ['SUCCEEDED', 'FAILED', []],
    ['FAILED', 'SUCCEEDED', []],
  ])('reported %s, observed %s: reports %j', (reported, observed, reports) => {
    expect(phaseStepReports(reported, observed)).toEqual(reports);
  });
});
