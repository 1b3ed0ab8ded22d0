/**
 * The catalogue's keys as the code writes them (docs/i18n.md): every English text of a source folder
 * that reaches the borrower's screen. Read from the source with TypeScript's parser:
 * - JSX text (whitespace folded as React folds it) and string children (`{'…'}`);
 * - string values of the text attributes (aria-label, title, alt, placeholder) and of the props
 *   that carry a text into one (label, text, caption, description);
 * - `text:`, `label:`, `title:`, `caption:`, `description:` and `alt:` of object literals (a dialog's actions, a rule's labels),
 *   and each text of a `steps:` list;
 * - each value of a table of texts, a constant named `…_LABEL(S)`, `…_TEXT(S)`, `…_TITLE(S)` or `…_HEADING(S)`
 *   (`as const` or not), or each text of a list so named (`RIGHT_TEXTS = ['…']`); a value may be a list of texts;
 * - a text prop's default value (`title = LOAD_FAILED_TITLE`);
 * - the first arguments of t(…), usePageTitle(…) and the toasts (showFailure(…), …), and the last two of plural(…);
 * - a constant named in any of those places (`{CONFIRM_TITLE}`, `t(NEXT_LABEL)`), from `const NAME = '…'`
 *   in the folder, or in the folders named by `constantsFrom`.
 * The completeness test (texts.test.ts) holds every catalogue to these keys.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const TEXT_PROPS = new Set([
  'aria-label', 'title', 'alt', 'placeholder', 'label', 'text', 'caption', 'description', 'confirmText', 'cancelText',
  'term', 'accessibleName', 'failedText', 'hint', 'pickLabel', 'gridLabel', 'loadingText',
]);
const TEXT_FIELDS = new Set(['text', 'label', 'title', 'caption', 'description', 'alt', 'steps']);
/** A table of texts by key (`STATUS_ICON_LABEL = { 21: '…' }`): each of its values is a text. */
const TEXT_TABLE = /_(LABEL|TEXT|TITLE|HEADING)S?$/;
const TEXT_CALLS = new Set(['t', 'usePageTitle', 'showFailure', 'showSuccess', 'showLoading', 'showInfo']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test-support' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|server)\.tsx?$/.test(name) && !/^test-support|^fake-/.test(name) ? [path] : [];
  });
}

/**
 * JSX text as React renders it: a text on one line as written (its spaces kept: `<b>What: </b>`);
 * across lines, each line's spaces at the line breaks dropped, blank lines dropped, the rest joined
 * by a space.
 */
function jsxText(raw: string): string {
  const lines = raw.split(/\r?\n/);
  if (lines.length === 1) return raw;
  return lines
    .map((line, i) => {
      const start = i === 0 ? line : line.replace(/^\s+/, '');
      return i === lines.length - 1 ? start : start.replace(/\s+$/, '');
    })
    .filter((line) => line.trim() !== '')
    .join(' ');
}

const literal = (node: ts.Node | undefined): string | undefined =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;

/** The keys of the source files under `dirs`, with the string constants of `constantsFrom` to resolve named ones. */
export function textKeys(dirs: string[], constantsFrom: string[] = []): Set<string> {
  const keys = new Set<string>();
  const named = new Set<string>();
  const constants = new Map<string, string>();
  const take = (node: ts.Node | undefined) => {
    if (!node) return;
    const text = literal(node);
    if (text !== undefined) {
      if (/[A-Za-z]/.test(text)) keys.add(text);
    } else if (ts.isIdentifier(node)) named.add(node.text);
    else if (ts.isArrayLiteralExpression(node)) node.elements.forEach(take);
    else if (ts.isConditionalExpression(node)) {
      take(node.whenTrue);
      take(node.whenFalse);
    } else if (ts.isBinaryExpression(node) && (node.operatorToken.kind === ts.SyntaxKind.BarBarToken || node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)) {
      take(node.right);
    } else if (ts.isParenthesizedExpression(node)) take(node.expression);
  };
  const collectConstants = (file: ts.SourceFile) => {
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
        const text = literal(node.initializer);
        if (text !== undefined) constants.set(node.name.text, text);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  };
  const parse = (path: string) => ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  for (const dir of constantsFrom) for (const path of sourceFiles(dir)) collectConstants(parse(path));
  for (const dir of dirs) {
    for (const path of sourceFiles(dir)) {
      const file = parse(path);
      collectConstants(file);
      const visit = (node: ts.Node) => {
        if (ts.isJsxText(node)) {
          const text = jsxText(node.text);
          if (/[A-Za-z]/.test(text)) keys.add(text);
        } else if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) take(node.expression);
        else if (ts.isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText(file)) && node.initializer) {
          take(ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer);
        } else if (ts.isPropertyAssignment(node) && TEXT_FIELDS.has(node.name.getText(file))) take(node.initializer);
        else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && TEXT_TABLE.test(node.name.text) && node.initializer) {
          const table = ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer;
          if (ts.isObjectLiteralExpression(table)) for (const property of table.properties) if (ts.isPropertyAssignment(property)) take(property.initializer);
          if (ts.isArrayLiteralExpression(table)) take(table);
        }
        else if (ts.isBindingElement(node) && TEXT_PROPS.has(node.name.getText(file))) take(node.initializer);
        else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
          if (TEXT_CALLS.has(node.expression.text)) take(node.arguments[0]);
          if (node.expression.text === 'plural') node.arguments.slice(1).forEach(take);
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
    }
  }
  for (const name of named) {
    const text = constants.get(name);
    if (text !== undefined && /[A-Za-z]/.test(text)) keys.add(text);
  }
  return keys;
}
