import { z } from 'zod';

/**
 * Every free-text field of a request is built here, so one rule holds for all of them: the text is
 * well-formed Unicode and carries no control characters beyond the whitespace the field allows.
 * PostgreSQL cannot store NUL in text at all, and a lone UTF-16 surrogate is mangled on the way to
 * the database, so both are refused at the edge with a 400 naming the field, on either database.
 */

/** Half of a surrogate pair with no other half: not a character, and not encodable as UTF-8. */
const LONE_SURROGATE = /\p{Cs}/u;
/** Control characters (C0, DEL, C1) except tab. */
const SINGLE_LINE_CONTROL = /[^\P{Cc}\t]/u;
/** Control characters except tab and the line breaks of multi-line text. */
const MULTI_LINE_CONTROL = /[^\P{Cc}\t\n\r]/u;

const codePoint = (character: string) => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

function textCheck(control: RegExp, lineBreakMessage: string | null) {
  return z.superRefine((value: string, context) => {
    if (LONE_SURROGATE.test(value)) {
      context.addIssue({
        code: 'custom',
        input: value,
        message: 'This text holds a broken character (half of a UTF-16 surrogate pair). Type or paste it again.',
      });
    }
    const found = control.exec(value)?.[0];
    if (found === undefined) return;
    const isLineBreak = found === '\n' || found === '\r';
    context.addIssue({
      code: 'custom',
      input: value,
      message: isLineBreak && lineBreakMessage ? lineBreakMessage : `Remove the control character ${codePoint(found)} from this text.`,
    });
  });
}

const singleLineCheck = textCheck(SINGLE_LINE_CONTROL, 'Keep this text on one line.');
const multiLineCheck = textCheck(MULTI_LINE_CONTROL, null);

interface TextOptions {
  /** Trim surrounding whitespace first (the default); off for values whose spaces count, like a TURN credential. */
  trim?: boolean;
  /** The message when the value is not a string at all. */
  typeError?: string;
}

const base = ({ trim = true, typeError }: TextOptions) => {
  const text = typeError ? z.string({ error: typeError }) : z.string();
  return trim ? text.trim() : text;
};

/** Names, titles, categories, ids, search terms: one line. Chain `.min()`/`.max()` with the field's own messages. */
export function singleLineText(options: TextOptions = {}) {
  return base(options).check(singleLineCheck);
}

/** Descriptions, notes, message bodies: line breaks (LF, CR) and tabs allowed, other control characters not. */
export function multiLineText(options: TextOptions = {}) {
  return base(options).check(multiLineCheck);
}

/** Whether a string schema was built here; tests walk every route's schemas with it. */
export function isCheckedText(schema: z.ZodString): boolean {
  return (schema._zod.def.checks ?? []).some((check) => check === singleLineCheck || check === multiLineCheck);
}
