/**
 * Reads every `messages('component', { ... })` in web/ with the TypeScript parser (no module runs), and every
 * language file, so the key test compares what the code shows with what each language has.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export interface BaseEntry {
  file: string;
  /** key → English text, or plural forms for a count(). */
  keys: Map<string, string | Record<string, string>>;
}

const WEB = join(import.meta.dirname, '../../../web');
export const LOCALES_DIR = join(WEB, 'core/i18n/locales');

function walk(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

function literal(node: ts.Node): string | undefined {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : undefined;
}

function valueOf(node: ts.Expression): string | Record<string, string> {
  const text = literal(node);
  if (text !== undefined) return text;
  // count({...}) and params('...') wrap the English text.
  if (ts.isCallExpression(node) && node.arguments[0]) {
    const arg = node.arguments[0];
    if (ts.isObjectLiteralExpression(arg)) {
      const forms: Record<string, string> = {};
      for (const p of arg.properties) {
        if (ts.isPropertyAssignment(p)) forms[p.name.getText()] = literal(p.initializer) ?? '';
      }
      return forms;
    }
    return literal(arg) ?? '';
  }
  return '';
}

/** Every component the code defines, by name. */
export function readBases(): { bases: Map<string, BaseEntry>; sources: Map<string, string>; duplicates: string[] } {
  const bases = new Map<string, BaseEntry>();
  const sources = new Map<string, string>();
  const duplicates: string[] = [];
  for (const file of walk(WEB)) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('messages(')) continue;
    sources.set(file, text);
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'messages') {
        const [nameNode, bodyNode] = node.arguments;
        const name = nameNode && literal(nameNode);
        if (name !== undefined && bodyNode && ts.isObjectLiteralExpression(bodyNode)) {
          if (bases.has(name)) duplicates.push(name);
          const keys = new Map<string, string | Record<string, string>>();
          for (const p of bodyNode.properties) {
            if (ts.isPropertyAssignment(p)) keys.set(p.name.getText().replace(/^['"]|['"]$/g, ''), valueOf(p.initializer));
          }
          bases.set(name, { file, keys });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { bases, sources, duplicates };
}

export type LangFile = Record<string, Record<string, string | Record<string, string>>>;

/** One language's components, merged from its area files, with the file each came from. */
export function readLanguage(lang: string): { all: LangFile; origin: Map<string, string>; clashes: string[] } {
  const all: LangFile = {};
  const origin = new Map<string, string>();
  const clashes: string[] = [];
  const dir = join(LOCALES_DIR, lang);
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const json = JSON.parse(readFileSync(join(dir, f), 'utf8')) as LangFile;
    for (const [component, keys] of Object.entries(json)) {
      if (all[component]) clashes.push(`${component} in ${f} and ${origin.get(component)}`);
      all[component] = keys;
      origin.set(component, f);
    }
  }
  return { all, origin, clashes };
}

/** The `{name}` placeholders of a text (or of all its plural forms). */
export function placeholders(v: string | Record<string, string>): string[] {
  const texts = typeof v === 'string' ? [v] : Object.values(v);
  return [...new Set(texts.flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '')))].sort();
}
