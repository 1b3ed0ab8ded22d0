/**
 * Refuses an import that starts a cycle of relative imports, counting `import type` and
 * `export type … from` like any other import.
 *
 * import-x/no-cycle skips type-only imports, and has no option to count them (eslint-plugin-import-x
 * 4.18: a type-only import is never followed). In the contract that is not enough: a cycle of types
 * between a family's route file and its schema file is still two files that must each be read to
 * understand the other (packages/contract/src/routes.ts says which way the imports go). So the
 * contract's lint block runs both rules: import-x/no-cycle, and this one for the type-only edges.
 *
 * It follows relative specifiers only (what the contract uses; package imports cannot lead back), read
 * with TypeScript's preProcessFile, which lists every import, re-export and import() of a file without
 * type-checking it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];
/** file → { mtimeMs, deps }: one ESLint run reads each file once. */
const cache = new Map();

function resolveRelative(from, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => resolve(base, `index${e}`))]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function dependenciesOf(file) {
  const { mtimeMs } = statSync(file);
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.deps;
  const specifiers = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
  const deps = [...new Set(specifiers.map((s) => resolveRelative(file, s)).filter(Boolean))];
  cache.set(file, { mtimeMs, deps });
  return deps;
}

/** The shortest path of imports from `start` back to `target` ([start, …, target]), or undefined. */
function pathBack(start, target) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const dep of dependenciesOf(file)) {
      if (dep === target) {
        const path = [target];
        for (let at = file; at !== null; at = previous.get(at)) path.unshift(at);
        return path;
      }
      if (!previous.has(dep)) {
        previous.set(dep, file);
        queue.push(dep);
      }
    }
  }
  return undefined;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle (type-only imports count): {{path}}.' },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (filename === '<text>') return {};
    const root = context.cwd;
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = resolveRelative(filename, specifier);
      if (!target || target === filename) return;
      const back = pathBack(target, filename);
      if (back) context.report({ node, messageId: 'cycle', data: { path: [filename, ...back].map((f) => relative(root, f)).join(' → ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      TSImportType: (node) => check(node, node.argument?.literal?.value ?? node.argument?.value),
    };
  },
};
