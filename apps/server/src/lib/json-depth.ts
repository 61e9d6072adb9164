const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/**
 * Whether JSON text nests lists or objects deeper than `limit`, found by one pass over the text
 * without parsing it. JSON.parse itself copes with any depth, but every recursive walk after it
 * (a reprojection, a geometry check, JSON.stringify of the answer) overflows the stack on a file of
 * 100 000 nested brackets: such a file must be refused before any of them sees it.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (OPENERS.has(code)) {
      depth += 1;
      if (depth > limit) return true;
    } else if (CLOSERS.has(code)) depth -= 1;
  }
  return false;
}
