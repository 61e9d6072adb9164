import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Reads the server's own source, for tests that every code it writes has the words people see for it. */
const SRC_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** The server's source files, tests left out, as their text. */
export function serverSources(dir = SRC_ROOT): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [fs.readFileSync(full, 'utf8')] : [];
  });
}

const OPENERS: Record<string, string> = { ')': '(', '}': '{', ']': '[' };

/**
 * The top-level arguments of every call to `callee` in `text`, as source text. Enough of a reader for the server's own
 * code: it follows brackets and skips quoted strings, and is not a parser of TypeScript.
 */
export function callArguments(text: string, callee: string): string[][] {
  const calls: string[][] = [];
  for (let start = text.indexOf(`${callee}(`); start !== -1; start = text.indexOf(`${callee}(`, start + 1)) {
    const args: string[] = [];
    const stack: string[] = [];
    let current = '';
    let quote: string | null = null;
    for (let index = start + callee.length + 1; index < text.length; index += 1) {
      const char = text[index]!;
      if (quote) {
        current += char;
        if (char === '\\') current += text[(index += 1)] ?? '';
        else if (char === quote) quote = null;
      } else if (char === "'" || char === '"' || char === '`') {
        quote = char;
        current += char;
      } else if (stack.length === 0 && (char === ',' || char === ')')) {
        if (current.trim()) args.push(current.trim());
        current = '';
        if (char === ')') break;
      } else {
        if (char === '(' || char === '{' || char === '[') stack.push(char);
        else if (OPENERS[char] && stack.at(-1) === OPENERS[char]) stack.pop();
        current += char;
      }
    }
    calls.push(args);
  }
  return calls;
}

/** The single-quoted strings in a piece of source. */
export const quotedStrings = (source: string): string[] => [...source.matchAll(/'([^'\\]*)'/g)].map((match) => match[1]!);
