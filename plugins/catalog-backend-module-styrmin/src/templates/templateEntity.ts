import { Entity } from '@backstage/catalog-model';
import {
  driverTemplateName,
  STYRMIN_ANNOTATIONS,
  STYRMIN_ENTITY_TYPES,
  styrminPagePaths,
} from '@styrmin/plugin-styrmin-common';
import {
  EntitySettings,
  locationAnnotations,
  pageUrl,
  styrminLink,
} from '../entities/EntitySettings';
import { StyrminDriverVersionRecord } from '../records/readStyrminRecords';
import { TemplateEnvironment } from './environmentChoices';
import { FORM_FIELDS, stepParameters, templateFormPages } from './templateForm';

/** The id of the template's one step, which its output reads. */
const STEP_ID = 'deploy';

/** The tag of the template of a driver's newest version. */
export const NEWEST_VERSION_TAG = 'latest';

/**
 * An application driver version as a software template (`scaffolder.backstage.io/v1beta3`,
 * `spec.type: styrmin-deployment`): title, description, links and icon from `spec.info`,
 * tags `styrmin` and the driver's name, the form of {@link templateFormPages} (offering
 * `environments`), and one step that creates the deployment with
 * `styrmin:deployment:create` as the user who runs it.
 *
 * Each version has its card under Create, since the versions' forms differ (parameters,
 * supported application versions, dry run). The driver's newest version is the default
 * one: its template is named after the driver alone (`infrahub`), so that Create, which
 * lists templates by name, shows it before the older versions' `<driver>-<version>`
 * (a version holds a dot, a driver name none, so the names never meet), and it is
 * tagged {@link NEWEST_VERSION_TAG}.
 */
export function templateEntity(
  driverVersion: StyrminDriverVersionRecord,
  options: { newest: boolean; environments: TemplateEnvironment[] },
  context: EntitySettings,
): Entity {
  const { name, version, title, spec } = driverVersion;
  const { info } = spec.spec;
  const url = pageUrl(context, styrminPagePaths.driverVersion(driverVersion));
  return {
    apiVersion: 'scaffolder.backstage.io/v1beta3',
    kind: 'Template',
    metadata: {
      name: options.newest ? name : driverTemplateName(driverVersion),
      namespace: context.namespace,
      title: `${title} ${version}`,
      description: info.description,
      tags: ['styrmin', name, ...(options.newest ? [NEWEST_VERSION_TAG] : [])],
      annotations: {
        ...locationAnnotations(url),
        [STYRMIN_ANNOTATIONS.driver]: name,
        [STYRMIN_ANNOTATIONS.driverVersion]: version,
        ...(info.icon ? { [STYRMIN_ANNOTATIONS.icon]: info.icon } : {}),
      },
      links: [
        styrminLink(url, `${title} ${version} in Styrmin`),
        ...info.links.map(link => ({ title: link.title, url: link.url })),
      ],
    },
    spec: {
      type: STYRMIN_ENTITY_TYPES.template,
      owner: context.defaultOwner,
      parameters: templateFormPages(driverVersion, {
        namespace: context.namespace,
        environments: options.environments,
      }),
      steps: [
        {
          id: STEP_ID,
          name: `Deploy ${title} ${version}`,
          action: 'styrmin:deployment:create',
          input: {
            environment: `\${{ parameters.${FORM_FIELDS.environment} }}`,
            name: `\${{ parameters.${FORM_FIELDS.name} }}`,
            driver: name,
            driverVersion: version,
            appVersion: `\${{ parameters.${FORM_FIELDS.appVersion} }}`,
            parameters: stepParameters(spec),
          },
        },
      ],
      output: {
        links: [
          {
            title: 'Open the deployment in Styrmin',
            icon: 'dashboard',
            url: `\${{ steps['${STEP_ID}'].output.deploymentUrl }}`,
          },
          {
            title: 'Open the deployment in the catalog',
            icon: 'catalog',
            entityRef: `\${{ steps['${STEP_ID}'].output.entityRef }}`,
          },
        ],
      },
    },
  };
}
