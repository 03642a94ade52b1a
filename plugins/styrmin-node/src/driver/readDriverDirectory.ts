import {
  compileValuesTemplate,
  DriverSpecPath,
  formatDriverSpecPath,
  parseDriverSpec,
  ValuesTemplateError,
} from '@styrmin/plugin-styrmin-common';
import { posix } from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { digestDriverFiles, sortByPath } from './digestDriverFiles';
import { DriverDirectory, DriverLimits } from './DriverDirectory';
import { ModuleReader } from './ModuleReader';
import { DriverProblem, ReadDriverDirectoryResult } from './types';

/** The file that makes a directory a driver. */
export const DRIVER_FILE = 'driver.styrmin.yml';

/**
 * Reads an application driver version from a directory: validates driver.styrmin.yml,
 * compiles the values template, checks that every action's module and export exist
 * (by a static scan; nothing of the driver runs), reads the chart when it is a directory
 * inside the driver, and digests the result. Refuses paths that leave the directory,
 * symbolic links that point outside and files above the limits. Returns every problem
 * found, not the first only.
 *
 * @public
 */
export async function readDriverDirectory(
  dir: string,
  limits: DriverLimits = {},
): Promise<ReadDriverDirectoryResult> {
  const directory = await DriverDirectory.open(dir, limits);
  if ('refusal' in directory) {
    return {
      success: false,
      problems: [{ file: '.', message: directory.refusal }],
    };
  }
  const read = await directory.read(DRIVER_FILE);
  if ('refusal' in read) {
    return {
      success: false,
      problems: [{ file: DRIVER_FILE, message: read.refusal }],
    };
  }
  const parsed = parseDriverSpec(read.content.toString('utf8'));
  if (!parsed.success) {
    return {
      success: false,
      problems: parsed.problems.map(problem => ({
        file: DRIVER_FILE,
        ...problem,
      })),
    };
  }

  const { spec, locate } = parsed;
  const problems: DriverProblem[] = [];
  /** A problem with a field of driver.styrmin.yml, placed on that field. */
  const atField = (path: DriverSpecPath, message: string) =>
    problems.push({
      file: DRIVER_FILE,
      path: formatDriverSpecPath(path),
      ...locate(path),
      message,
    });

  const chart = spec.spec.helm.main;
  const templatePath = ['spec', 'helm', 'main', 'values_template'];
  const template = await directory.read(chart.values_template);
  if ('refusal' in template) {
    atField(templatePath, `${chart.values_template}: ${template.refusal}`);
  } else {
    try {
      compileValuesTemplate(template.content.toString('utf8'), {
        name: chart.values_template,
      });
    } catch (error) {
      if (!(error instanceof ValuesTemplateError)) {
        throw error;
      }
      problems.push({
        file: chart.values_template,
        path: formatDriverSpecPath(templatePath),
        line: error.line,
        column: error.column,
        message: error.message,
      });
    }
  }

  const modules = new ModuleReader(directory);
  for (const [index, action] of spec.spec.actions.entries()) {
    const fieldPath = ['spec', 'actions', index, 'function'];
    const { module, export: name } = action.function;
    const exports = await modules.exportsOf(module);
    if ('refusal' in exports) {
      atField([...fieldPath, 'module'], `${module}: ${exports.refusal}`);
    } else if (!exports.names.has(name)) {
      const known = [...exports.names].sort().join(', ') || 'nothing';
      atField(
        [...fieldPath, 'export'],
        `${module} has no export "${name}"; it exports ${known}`,
      );
    }
  }
  problems.push(...modules.problems);

  if (chart.source.type === 'directory') {
    const sourcePath = ['spec', 'helm', 'main', 'source', 'path'];
    for (const { path, refusal } of await directory.readTree(
      chart.source.path,
    )) {
      problems.push({
        file: path,
        path: formatDriverSpecPath(sourcePath),
        message: refusal,
      });
    }
    const chartFile = posix.join(chart.source.path, 'Chart.yaml');
    const chartYaml = await directory.read(chartFile);
    if ('refusal' in chartYaml) {
      atField(sourcePath, `${chartFile}: ${chartYaml.refusal}`);
    } else {
      const declared = readChartYaml(chartFile, chartYaml.content, problems);
      for (const field of ['chart', 'version'] as const) {
        const value = declared[field === 'chart' ? 'name' : field];
        if (value !== chart[field]) {
          atField(
            ['spec', 'helm', 'main', field],
            `Is ${JSON.stringify(
              chart[field],
            )}, but ${chartFile} says ${JSON.stringify(value)}`,
          );
        }
      }
    }
  }

  if (problems.length > 0) {
    return { success: false, problems };
  }
  const files = [...directory.files].map(([path, content]) => ({
    path,
    content,
  }));
  return {
    success: true,
    bundle: {
      spec,
      digest: digestDriverFiles(files),
      files: sortByPath(files),
    },
  };
}

/** The fields of a Chart.yaml, or an empty object after reporting why it cannot be read. */
function readChartYaml(
  file: string,
  content: Buffer,
  problems: DriverProblem[],
): Record<string, unknown> {
  try {
    const declared = parseYaml(content.toString('utf8'));
    return typeof declared === 'object' && declared !== null ? declared : {};
  } catch (error) {
    const [position] = (error as YAMLParseError).linePos ?? [];
    problems.push({
      file,
      line: position?.line,
      column: position?.col,
      message: `Malformed YAML: ${(error as Error).message.split('\n')[0]}`,
    });
    return {};
  }
}
