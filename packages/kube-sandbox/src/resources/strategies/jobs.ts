import { KubeObject } from '../../store/types';
import { deepEqual, JsonMap } from '../../util/json';
import { immutable, required } from '../fieldErrors';
import { applyPodSpecDefaults, validatePodSpec } from '../podSpec';
import { ResourceStrategy, StatusCause } from '../ResourceType';
import { validateSelectorAndTemplate } from './workloads';

const JOB_RESTART_POLICIES = ['OnFailure', 'Never'];

function applyJobSpecDefaults(spec: JsonMap | undefined): void {
  if (!spec) {
    return;
  }
  if (spec.completions === undefined && spec.parallelism === undefined) {
    spec.completions = 1;
    spec.parallelism = 1;
  }
  spec.parallelism ??= 1;
  spec.backoffLimit ??= 6;
  spec.completionMode ??= 'NonIndexed';
  spec.suspend ??= false;
  spec.podReplacementPolicy ??= 'TerminatingOrFailed';
  applyPodSpecDefaults(spec.template?.spec);
}

export const jobStrategy: ResourceStrategy = {
  applyDefaults(job) {
    applyJobSpecDefaults(job.spec);
  },
  prepareForCreate(job: KubeObject) {
    // The Job controller's labels: the generated selector picks the pods by the Job's uid.
    if (!job.spec || job.spec.manualSelector) {
      return;
    }
    const uid = job.metadata.uid!;
    const name = job.metadata.name!;
    job.spec.selector = {
      matchLabels: { 'batch.kubernetes.io/controller-uid': uid },
    };
    job.spec.template ??= {};
    job.spec.template.metadata ??= {};
    job.spec.template.metadata.labels = {
      ...job.spec.template.metadata.labels,
      'batch.kubernetes.io/controller-uid': uid,
      'batch.kubernetes.io/job-name': name,
      'controller-uid': uid,
      'job-name': name,
    };
  },
  validate(job, old) {
    const causes = validateSelectorAndTemplate(job, old, JOB_RESTART_POLICIES);
    if (old) {
      for (const field of ['template', 'completions', 'completionMode']) {
        if (!deepEqual(job.spec?.[field], old.spec?.[field])) {
          causes.push(immutable(`spec.${field}`, job.spec?.[field]));
        }
      }
    }
    return causes;
  },
};

export const cronJobStrategy: ResourceStrategy = {
  applyDefaults(cronJob) {
    const spec = cronJob.spec;
    if (!spec) {
      return;
    }
    spec.concurrencyPolicy ??= 'Allow';
    spec.suspend ??= false;
    spec.successfulJobsHistoryLimit ??= 3;
    spec.failedJobsHistoryLimit ??= 1;
    applyJobSpecDefaults(spec.jobTemplate?.spec);
  },
  validate(cronJob) {
    const causes: StatusCause[] = [];
    if (!cronJob.spec?.schedule) {
      causes.push(required('spec.schedule'));
    }
    causes.push(
      ...validatePodSpec(
        cronJob.spec?.jobTemplate?.spec?.template?.spec,
        'spec.jobTemplate.spec.template.spec',
        JOB_RESTART_POLICIES,
      ),
    );
    return causes;
  },
};
