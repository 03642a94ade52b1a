/*
 * Prints what the limits of a values template render cost (a script that measures and
 * prints, never a test): for each example driver version, the time of one render with the
 * guarded, budgeted renderer of @styrmin/plugin-styrmin-common against plain nunjucks with
 * the same options, compiled each time (as the agent's operator renders) and precompiled;
 * then how long each hostile template runs before the default limits stop it.
 *
 *   yarn workspace @styrmin/plugin-styrmin-node benchmark
 */
import {
  compileValuesTemplate,
  renderValuesTemplate,
  ValuesTemplateContext,
} from '@styrmin/plugin-styrmin-common';
import nunjucks from 'nunjucks';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readDriverDirectory } from '../src/driver';
import { sampleContext } from '../src/__testUtils__/sampleContext';

const DRIVERS = join(__dirname, '..', '..', '..', 'drivers');
const RENDERS = 2000;

/** Mean microseconds of `run` over RENDERS calls, after as many to warm up. */
function timeOf(run: () => unknown): number {
  for (let i = 0; i < RENDERS; i++) {
    run();
  }
  const start = performance.now();
  for (let i = 0; i < RENDERS; i++) {
    run();
  }
  return ((performance.now() - start) * 1000) / RENDERS;
}

function plainEnvironment() {
  return new nunjucks.Environment([], {
    autoescape: false,
    throwOnUndefined: true,
    dev: true,
  });
}

async function exampleTemplates() {
  const templates = [];
  for (const driver of readdirSync(DRIVERS, { withFileTypes: true })) {
    if (!driver.isDirectory()) {
      continue;
    }
    for (const version of readdirSync(join(DRIVERS, driver.name))) {
      const result = await readDriverDirectory(
        join(DRIVERS, driver.name, version),
      );
      if (!result.success) {
        throw new Error(`${driver.name}/${version} does not load`);
      }
      const { spec, files } = result.bundle;
      const template = files.find(
        f => f.path === spec.spec.helm.main.values_template,
      )!;
      templates.push({
        name: `${driver.name}/${version}`,
        source: template.content.toString('utf8'),
        context: sampleContext(spec) as ValuesTemplateContext,
      });
    }
  }
  return templates;
}

const HOSTILE: Array<[string, string]> = [
  ['range(1e9)', '{% for i in range(1000000000) %}{% endfor %}'],
  [
    'nested loops 10^9',
    '{% for a in range(1000) %}{% for b in range(1000) %}{% for c in range(1000) %}{% endfor %}{% endfor %}{% endfor %}',
  ],
  [
    'macro recursion',
    '{% macro down(n) %}{{ down(n + 1) }}{% endmacro %}{{ down(0) }}',
  ],
  [
    'macro tree 2^40',
    '{% macro t(n) %}{% if n > 0 %}{{ t(n - 1) }}{{ t(n - 1) }}{% endif %}{% endmacro %}{{ t(40) }}',
  ],
  [
    'output 1 GB',
    '{% for a in range(1000) %}{% for b in range(1000) %}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx{% endfor %}{% endfor %}',
  ],
  [
    'string doubling',
    '{% set s = "x" %}{% for i in range(64) %}{% set s = s ~ s %}{% endfor %}{{ s }}',
  ],
  [
    'list doubling',
    '{% set l = [1] %}{% for i in range(64) %}{% set l = l.concat(l) %}{% endfor %}',
  ],
];

async function main() {
  console.log(
    `One render, mean of ${RENDERS} (microseconds): guarded with limits / plain nunjucks`,
  );
  console.log(
    'driver version        compile+render           precompiled render',
  );
  for (const { name, source, context } of await exampleTemplates()) {
    const guarded = timeOf(() => renderValuesTemplate(source, context));
    const plain = timeOf(() =>
      plainEnvironment().renderString(source, structuredClone(context)),
    );
    const compiled = compileValuesTemplate(source);
    const plainCompiled = nunjucks.compile(source, plainEnvironment());
    const guardedRender = timeOf(() => compiled(context));
    const plainRender = timeOf(() =>
      plainCompiled.render(structuredClone(context)),
    );
    console.log(
      `${name.padEnd(20)}  ${guarded.toFixed(0).padStart(6)} / ${plain
        .toFixed(0)
        .padStart(6)} (${((guarded / plain - 1) * 100).toFixed(
        0,
      )}%)    ${guardedRender.toFixed(1).padStart(6)} / ${plainRender
        .toFixed(1)
        .padStart(6)} (${((guardedRender / plainRender - 1) * 100).toFixed(
        0,
      )}%)`,
    );
  }

  console.log('\nHostile templates under the default limits:');
  for (const [name, source] of HOSTILE) {
    const start = performance.now();
    let outcome = 'rendered';
    try {
      renderValuesTemplate(source, {});
    } catch (error) {
      const { code, message } = error as { code?: string; message: string };
      outcome = `${code}: ${message.slice(0, 90)}`;
    }
    console.log(
      `${name.padEnd(18)} stopped after ${(performance.now() - start)
        .toFixed(0)
        .padStart(5)} ms  ${outcome}`,
    );
  }
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
