/** A piece of a search snippet: plain text, or a matched word the server put between « and ». */
export interface SnippetPart {
  text: string;
  isMatch: boolean;
}

const OPEN = '«';
const CLOSE = '»';

/**
 * Splits a snippet into plain and matched parts, to be rendered as text and <mark> elements —
 * never as HTML, since the snippet is user-written text. A « without its » marks up to the end;
 * a stray » is kept as text.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (text: string, isMatch: boolean) => {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last && last.isMatch === isMatch) last.text += text;
    else parts.push({ text, isMatch });
  };
  let rest = snippet;
  while (rest) {
    const open = rest.indexOf(OPEN);
    if (open < 0) {
      push(rest, false);
      break;
    }
    push(rest.slice(0, open), false);
    const afterOpen = rest.slice(open + OPEN.length);
    const close = afterOpen.indexOf(CLOSE);
    if (close < 0) {
      push(afterOpen, true);
      break;
    }
    push(afterOpen.slice(0, close), true);
    rest = afterOpen.slice(close + CLOSE.length);
  }
  return parts;
}
