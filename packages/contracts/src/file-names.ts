/**
 * Characters that change how the text around them is drawn without being seen themselves: bidi
 * embeddings, overrides and isolates (U+202E shows "\u202Etxt.exe" as "exe.txt"), direction marks,
 * zero-width and other format characters, fillers, line separators and control characters.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/gu;
/** Half of a surrogate pair: not a character, so it is shown as the replacement character. */
const LONE_SURROGATE = /\p{Cs}/gu;

/**
 * A file name as it may be shown (and offered as a download name): what the name really says, in
 * its real order. The stored name is kept as it arrived; only what people see goes through here,
 * on the server and in the web app alike.
 */
export function displayFileName(name: string, fallback = 'unnamed file'): string {
  const shown = name.replace(LONE_SURROGATE, '\uFFFD').replace(INVISIBLE, '').trim();
  return shown || fallback;
}
