// The child process in which the Styrmin agent runs one driver action (see
// src/actions/ActionRunner.ts). Plain JavaScript that Node runs as it is, whether the agent
// runs from its TypeScript sources or from its build; Node strips the types of the driver's
// TypeScript modules itself. It talks to the agent over the IPC channel only: the action's
// primitives are calls to the agent, which alone holds the cluster's credentials.
import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

/** How a driver module may name another, as the driver loader accepts it (ModuleReader). */
const SUFFIXES = [
  '',
  '.ts',
  '.mts',
  '.cts',
  '.js',
  '.mjs',
  '.cjs',
  '/index.ts',
  '/index.js',
];
const COMPILED_TO_SOURCE = { '.js': '.ts', '.mjs': '.mts', '.cjs': '.cts' };
/**
 * A driver's modules are ES modules, wherever its folder is: the nearest package.json, which
 * the driver does not ship, must not decide. `.cts` and `.cjs` stay CommonJS.
 */
const FORMATS = {
  '.ts': 'module-typescript',
  '.mts': 'module-typescript',
  '.cts': 'commonjs-typescript',
  '.js': 'module',
  '.mjs': 'module',
  '.cjs': 'commonjs',
};

const isMissing = error =>
  error?.code === 'ERR_MODULE_NOT_FOUND' ||
  error?.code === 'ERR_UNSUPPORTED_DIR_IMPORT';

function candidates(specifier) {
  const extension = /\.[cm]?js$/.exec(specifier)?.[0];
  const compiled = extension
    ? [specifier.slice(0, -extension.length) + COMPILED_TO_SOURCE[extension]]
    : [];
  return [...SUFFIXES.map(suffix => specifier + suffix), ...compiled];
}

function installResolver(root) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const relative =
        specifier.startsWith('./') || specifier.startsWith('../');
      if (!relative || !context.parentURL?.startsWith(root)) {
        return withFormat(nextResolve(specifier, context));
      }
      let missing;
      for (const candidate of candidates(specifier)) {
        try {
          return withFormat(nextResolve(candidate, context));
        } catch (error) {
          if (!isMissing(error)) {
            throw error;
          }
          missing ??= error;
        }
      }
      throw missing;
    },
  });
  function withFormat(resolved) {
    if (!resolved.url.startsWith(root)) {
      return resolved;
    }
    const extension = /\.[cm]?[jt]s$/.exec(resolved.url)?.[0];
    return { ...resolved, format: FORMATS[extension] ?? resolved.format };
  }
}

const abort = new AbortController();
const calls = new Map();
let nextCall = 0;

function call(primitive, args) {
  const id = nextCall++;
  return new Promise((resolve, reject) => {
    calls.set(id, { resolve, reject });
    process.send({ type: 'call', id, primitive, args });
  });
}

/**
 * The action primitives, one function per name that the agent sends with the run: the
 * members of ActionPrimitives (src/actions/ActionPrimitives.ts, the one module that
 * declares them), which the agent implements, so that a new primitive needs nothing here.
 */
const primitivesOf = names =>
  Object.fromEntries(names.map(name => [name, (...args) => call(name, args)]));

function finish(message) {
  process.send(message, () => process.exit(0));
}

async function run({
  directory,
  module,
  exportName,
  context,
  prompts,
  primitiveNames,
}) {
  const root = pathToFileURL(`${directory}/`).href;
  installResolver(root);
  const loaded = await import(new URL(module, root).href);
  const action = loaded[exportName];
  if (typeof action !== 'function') {
    throw new Error(`${module} has no function export ${exportName}`);
  }
  await action({
    context,
    prompts,
    primitives: primitivesOf(primitiveNames),
    signal: abort.signal,
  });
}

// The agent went away (killed, or it stopped): so does its action, which nobody would
// answer or report any more. The run goes on from its recorded steps after a restart.
process.on('disconnect', () => process.exit(70));

process.on('message', message => {
  if (message.type === 'run') {
    run(message).then(
      () => finish({ type: 'done' }),
      error =>
        finish({
          type: 'failed',
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  } else if (message.type === 'result' || message.type === 'error') {
    const pending = calls.get(message.id);
    calls.delete(message.id);
    if (message.type === 'result') {
      pending?.resolve(message.value);
    } else {
      pending?.reject(new Error(message.message));
    }
  } else if (message.type === 'abort') {
    abort.abort(new Error('The flow run was cancelled'));
  }
});
