import { AppError } from '../../lib/app-error';

/** An inclusive byte range of a stored file, as players ask for it when they seek. */
export interface ByteRange {
  start: number;
  end: number;
}

/** One "bytes=a-b", "bytes=a-" or "bytes=-n" range; anything else is served whole (null), an unsatisfiable one answers 416. */
export function parseRange(header: string, size: number): ByteRange | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) throw new AppError('range_not_satisfiable', `The range ${header} is outside the file's ${size} bytes.`);
  return { start, end };
}
