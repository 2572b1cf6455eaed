#!/usr/bin/env node
/**
 * Text a person reads that does not come from the message catalogues (src/i18n): prints each
 * with its place and exits 1 if there is any. Part of `npm run lint`; `node scripts/literals.mjs
 * src/features/map` checks one folder.
 *
 * What counts, in src/**\/*.tsx outside tests and src/testing/:
 * - JSX text with a letter in it (`<h1>Artworks</h1>`);
 * - a string literal with a letter in it given to an attribute people read or hear (`title`,
 *   `placeholder`, `alt`, `label`, `aria-label`, `aria-description`, `aria-valuetext`) or placed
 *   as a JSX child (`{'Artworks'}`), including both branches of a conditional there;
 * - a template literal in those places with a letter outside its `${}` parts.
 * A literal may be kept (a product name, a unit symbol, a code sample) with a comment
 * `i18n-exempt: <why>` on its line or the line before.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const targets = process.argv.slice(2).map((p) => resolve(process.cwd(), p));
const READ_ATTRIBUTES = new Set(['title', 'placeholder', 'alt', 'label', 'aria-label', 'aria-description', 'aria-valuetext', 'aria-roledescription']);
const LETTER = /\p{L}/u;

function walk(path) {
  if (statSync(path).isFile()) return [path];
  return readdirSync(path).flatMap((name) => {
    if (name === 'testing' || name === 'node_modules') return [];
    return walk(join(path, name));
  });
}

const files = (targets.length ? targets : [join(root, 'src')])
  .flatMap(walk)
  .filter((f) => f.endsWith('.tsx') && !/\.test\.tsx$/.test(f));

const problems = [];

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines = text.split('\n');
  const exempt = (node) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
    return [lines[line], lines[line - 1]].some((l) => l !== undefined && l.includes('i18n-exempt'));
  };
  const report = (node, what) => {
    if (exempt(node)) return;
    const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
    problems.push(`${relative(root, file)}:${line + 1}:${character + 1}: ${what}`);
  };
  /** A literal (or each branch of a conditional) read as text. */
  const checkValue = (node, where) => {
    if (!node) return;
    if (ts.isParenthesizedExpression(node)) return checkValue(node.expression, where);
    if (ts.isConditionalExpression(node)) {
      checkValue(node.whenTrue, where);
      checkValue(node.whenFalse, where);
      return;
    }
    if (ts.isBinaryExpression(node) && [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.AmpersandAmpersandToken].includes(node.operatorToken.kind)) {
      checkValue(node.right, where);
      return;
    }
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && LETTER.test(node.text)) {
      report(node, `${where} "${node.text.slice(0, 60)}"`);
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
      if (LETTER.test(parts)) report(node, `${where} \`${parts.trim().slice(0, 60)}\``);
    }
  };
  const visit = (node) => {
    if (ts.isJsxText(node)) {
      const value = node.text.trim();
      if (value && LETTER.test(value)) report(node, `text "${value.replace(/\s+/g, ' ').slice(0, 60)}"`);
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(source);
      if (READ_ATTRIBUTES.has(name) && node.initializer) {
        const init = node.initializer;
        checkValue(ts.isJsxExpression(init) ? init.expression : init, `${name}=`);
      }
    } else if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      checkValue(node.expression, 'child');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

if (problems.length) {
  console.log(problems.join('\n'));
  console.log(`${problems.length} text(s) outside the catalogues (src/i18n): translate them, or mark a true constant with "i18n-exempt: <why>".`);
  process.exit(1);
}
console.log(`No untranslated text in ${files.length} files.`);
