/**
 * How alike two reports are, as evidence that they tell of the same event: place, time and words
 * together (docs/decisions/0037-duplicate-suggestions.md). Place or time alone is not enough: in a
 * busy city every report has a neighbour within minutes, so a report is suggested only when its
 * words or its category also agree, and only when the combined score reaches the threshold.
 * The scales were set against the cases in duplicate-score.test.ts (near and far, soon and late,
 * alike and different).
 */

/** Suggest at or above this score (0 to 1). */
export const DUPLICATE_THRESHOLD = 0.5;

/** Metres at which the place evidence has fallen to about a third; minutes likewise for time. */
const PLACE_SCALE_M = 500;
const TIME_SCALE_MIN = 90;
/** The same category counts as some shared words: "fire" and "fire" are the same kind of event. */
const SAME_CATEGORY_TEXT = 0.3;
const WEIGHTS = { place: 0.4, time: 0.25, text: 0.35 };

/** Words that say nothing about which event it is. */
const STOP_WORDS = new Set(
  'the and for are was were has have had this that there their they them with from into onto near about over under just very some any all can could would should will not but out our your you his her its who what when where which while been being also than then too more most much many here'.split(
    ' ',
  ),
);

export interface DuplicateInput {
  description: string;
  category: string;
  distanceM: number;
  minutesApart: number;
}

export interface DuplicateScore {
  /** 0 to 1; suggested when at least DUPLICATE_THRESHOLD. */
  score: number;
  /** The share of words the two descriptions have in common (Jaccard), 0 to 1. */
  similarity: number;
  sharedWords: string[];
  sameCategory: boolean;
  suggested: boolean;
}

export function wordsOf(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 2 && !STOP_WORDS.has(word)),
  );
}

export function scoreDuplicate(report: { description: string; category: string }, other: DuplicateInput): DuplicateScore {
  const mine = wordsOf(report.description);
  const theirs = wordsOf(other.description);
  const sharedWords = [...mine].filter((word) => theirs.has(word)).sort();
  const union = mine.size + theirs.size - sharedWords.length;
  const similarity = union === 0 ? 0 : sharedWords.length / union;
  const sameCategory = report.category.trim().toLowerCase() === other.category.trim().toLowerCase();
  const place = Math.exp(-other.distanceM / PLACE_SCALE_M);
  const time = Math.exp(-other.minutesApart / TIME_SCALE_MIN);
  const text = Math.min(1, similarity + (sameCategory ? SAME_CATEGORY_TEXT : 0));
  // A weighted geometric mean: every kind of evidence must be there, so a report next door that
  // shares no word, or the same words from across the city, stays below the threshold.
  const score = place ** WEIGHTS.place * time ** WEIGHTS.time * text ** WEIGHTS.text;
  return { score, similarity, sharedWords, sameCategory, suggested: score >= DUPLICATE_THRESHOLD };
}
