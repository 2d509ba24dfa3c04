// Executes parsed simulated Python: resolves `from pkg.mod import name` against the virtual file
// system (src/ layout) or native modules, calls functions, and records where an exception was
// raised so the test runner can print a pytest-like traceback.

import { PythonError } from './python-expression';
import { callBuiltin, evaluate, type EvalScope, type PyValue } from './python-eval';
import { parseModule, type PyFunctionDef, type PyModule } from './python-module';
import type { VirtualFs } from './virtual-fs';

export type NativeFunction = (args: PyValue[]) => PyValue;
/** Modules implemented in TypeScript, e.g. a settings loader reading INI files from the repo. */
export type NativeModules = Readonly<
  Record<string, (fs: VirtualFs) => Record<string, NativeFunction>>
>;

export interface RaiseSite {
  path: string;
  fn: PyFunctionDef;
  text: string;
  line: number;
}

const raiseSites = new WeakMap<PythonError, RaiseSite>();
const MAX_DEPTH = 64;

/** The innermost simulated-source frame an exception came from, if any. */
export function raiseSiteOf(error: PythonError): RaiseSite | undefined {
  return raiseSites.get(error);
}

export type Callable = (args: PyValue[]) => PyValue;

export class PythonRuntime {
  private readonly modules = new Map<string, Map<string, Callable>>();
  private depth = 0;

  constructor(
    private readonly fs: VirtualFs,
    private readonly natives: NativeModules = {},
  ) {}

  /** Source candidates for a dotted module name, in import order. */
  static modulePaths(dotted: string): string[] {
    const relative = `${dotted.replace(/\./g, '/')}.py`;
    return [`src/${relative}`, relative];
  }

  /** Imports a module's public names; throws ModuleNotFoundError or the file's SyntaxError. */
  importModule(dotted: string): Map<string, Callable> {
    const cached = this.modules.get(dotted);
    if (cached !== undefined) return cached;
    const native = this.natives[dotted];
    if (native !== undefined) {
      const exports = new Map(Object.entries(native(this.fs)));
      this.modules.set(dotted, exports);
      return exports;
    }
    const path = PythonRuntime.modulePaths(dotted).find((candidate) => this.fs.isFile(candidate));
    if (path === undefined)
      throw new PythonError('ModuleNotFoundError', `No module named '${dotted}'`);
    const module = parseModule(path, this.fs.read(path) as string);
    const exports = this.bindModule(module);
    this.modules.set(dotted, exports);
    return exports;
  }

  /** Resolves `from X import a, b` for a test module, as ImportError would. */
  importNames(dotted: string, names: readonly string[]): Map<string, Callable> {
    const exports = this.importModule(dotted);
    const bound = new Map<string, Callable>();
    for (const name of names) {
      const value = exports.get(name);
      if (value === undefined) {
        const location = PythonRuntime.modulePaths(dotted).find((p) => this.fs.isFile(p)) ?? dotted;
        throw new PythonError(
          'ImportError',
          `cannot import name '${name}' from '${dotted}' (/repo/${location})`,
        );
      }
      bound.set(name, value);
    }
    return bound;
  }

  private bindModule(module: PyModule): Map<string, Callable> {
    const functions = new Map<string, Callable>();
    const constants = new Map<string, PyValue>();
    const scope = (locals: Map<string, PyValue>): EvalScope => ({
      lookup: (name) => locals.get(name) ?? constants.get(name),
      call: (name, args) => {
        const fn = functions.get(name);
        if (fn !== undefined) return fn(args);
        const builtin = callBuiltin(name, args);
        if (builtin === undefined)
          throw new PythonError('NameError', `name '${name}' is not defined`);
        return builtin;
      },
    });
    for (const [name, def] of module.functions) {
      functions.set(name, (args) => this.callFunction(module.path, def, args, scope));
    }
    for (const [name, expr] of module.constants)
      constants.set(name, evaluate(expr, scope(new Map())));
    return functions;
  }

  private callFunction(
    path: string,
    def: PyFunctionDef,
    args: PyValue[],
    scope: (locals: Map<string, PyValue>) => EvalScope,
  ): PyValue {
    if (args.length !== def.params.length) {
      throw new PythonError(
        'TypeError',
        `${def.name}() takes ${def.params.length} positional arguments but ${args.length} were given`,
      );
    }
    if (this.depth >= MAX_DEPTH)
      throw new PythonError('RecursionError', 'maximum recursion depth exceeded');
    const locals = new Map(def.params.map((param, index) => [param, args[index] as PyValue]));
    this.depth += 1;
    try {
      for (const statement of def.body) {
        try {
          const value = evaluate(statement.expr, scope(locals));
          if (statement.kind === 'return') return value;
        } catch (error) {
          if (error instanceof PythonError && !raiseSites.has(error)) {
            raiseSites.set(error, { path, fn: def, text: statement.text, line: statement.line });
          }
          throw error;
        }
      }
      return null;
    } finally {
      this.depth -= 1;
    }
  }
}
