#!/usr/bin/env node
/**
 * Import cycles in webapp/src: prints every strongly connected component of the module graph
 * (Tarjan) with the imports inside it and one shortest circle through it, and exits 1 if there is
 * any. No dependencies: `node scripts/cycles.mjs` (part of `npm run lint`).
 *
 * What counts as an edge, and why:
 * - every relative specifier of src/**\/*.{ts,tsx}: `import`, `import type`, `export … from` and
 *   `import()`. Type-only imports count: a circle is a circle for a reader even when the
 *   compiler erases it. Lazy `import()` counts too: a screen that imports the module that lazily
 *   loads it is still a circle.
 * - package imports and non-code files (CSS, JSON) are not modules of this graph.
 * Test files (*.test.*) and src/testing/ are walked too; nothing imports a test file, so a test
 * cannot be part of a circle, while a helper in src/testing/ could be.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');
const EXTENSIONS = ['.ts', '.tsx', '.d.ts'];

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * The source without comments, its strings and regular expressions kept, so a specifier named in
 * a comment is no edge. A `/` starts a regular expression where a value is expected.
 */
function stripComments(text) {
  let out = '';
  let i = 0;
  let last = ''; // the last significant character outside comments
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      out += ' ';
    } else if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
      last = c;
    } else if (c === '/' && (last === '' || '(,=:[!&|?{};+-*%<>~^'.includes(last) || /\b(return|typeof)\s*$/.test(out))) {
      let j = i + 1;
      let inClass = false;
      while (j < text.length && text[j] !== '\n' && (inClass || text[j] !== '/')) {
        if (text[j] === '\\') j++;
        else if (text[j] === '[') inClass = true;
        else if (text[j] === ']') inClass = false;
        j++;
      }
      out += text.slice(i, j + 1);
      i = j + 1;
      last = '/';
    } else {
      out += c;
      if (!/\s/.test(c)) last = c;
      i++;
    }
  }
  return out;
}

const SPECIFIERS = [
  /^[ \t]*(?:import|export)\b[^'"`;]*?\bfrom\s*(['"])(\.[^'"]*)\1/gm, // import … from, export … from
  /^[ \t]*import\s*(['"])(\.[^'"]*)\1/gm, // import './side-effect'
  /\bimport\(\s*(['"])(\.[^'"]*)\1\s*\)/g, // import('./lazy')
];

function resolveSpecifier(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => join(base, `index${e}`))];
  return candidates.find((p) => /\.tsx?$/.test(p) && existsSync(p) && statSync(p).isFile());
}

const files = walk(src).sort();
/** @type {Map<string, string[]>} each module → the modules it imports */
const graph = new Map();
for (const file of files) {
  const text = stripComments(readFileSync(file, 'utf8'));
  const targets = new Set();
  for (const pattern of SPECIFIERS) {
    for (const match of text.matchAll(pattern)) {
      const target = resolveSpecifier(file, match[2]);
      if (target) targets.add(target);
    }
  }
  graph.set(file, [...targets].sort());
}

/** Tarjan's strongly connected components. */
function components() {
  let index = 0;
  const indices = new Map();
  const lowlink = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    indices.set(v, index);
    lowlink.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        lowlink.set(v, Math.min(lowlink.get(v), lowlink.get(w)));
      } else if (onStack.has(w)) {
        lowlink.set(v, Math.min(lowlink.get(v), indices.get(w)));
      }
    }
    if (lowlink.get(v) === indices.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return found.filter((c) => c.length > 1 || (graph.get(c[0]) ?? []).includes(c[0]));
}

/** A shortest circle from `start` back to itself, inside `members` (breadth first). */
function shortestCircle(start, members) {
  const previous = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(previous.get(path[0]));
        return [...path, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

const name = (p) => relative(root, p);
const cycles = components();
for (const [i, component] of cycles.entries()) {
  const members = new Set(component);
  console.log(`cycle ${i + 1} (${component.length} modules): ${shortestCircle(component[0], members).map(name).join(' → ')}`);
  for (const v of component) {
    for (const w of graph.get(v) ?? []) if (members.has(w)) console.log(`  ${name(v)} → ${name(w)}`);
  }
}
if (cycles.length > 0) {
  console.log(`${cycles.length} import cycle(s) in src/ (${files.length} modules)`);
  process.exit(1);
}
console.log(`No import cycles in src/ (${files.length} modules)`);
