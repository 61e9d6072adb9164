/** What one model found on one frame: its model time and the people, boxes as [x, y, w, h] fractions. */
export interface FoundFrame {
  ms: number;
  people: { score: number; box: [number, number, number, number] }[];
}

/** Two boxes count as the same person at this intersection over union (the usual COCO threshold). */
export const SAME_PERSON_IOU = 0.5;

export function iou(a: readonly number[], b: readonly number[]): number {
  const [ax, ay, aw, ah] = a as [number, number, number, number];
  const [bx, by, bw, bh] = b as [number, number, number, number];
  const w = Math.max(0, Math.min(ax + aw, bx + bw) - Math.max(ax, bx));
  const h = Math.max(0, Math.min(ay + ah, by + bh) - Math.max(ay, by));
  const inter = w * h;
  const union = aw * ah + bw * bh - inter;
  return union > 0 ? inter / union : 0;
}

/**
 * How far `other` agrees with `reference` on the same frames: people matched one to one
 * (greedily, best overlap first) at SAME_PERSON_IOU or more, and the share of each model's people
 * the other also found. Without ground truth this is agreement, not accuracy.
 */
export function compareFound(reference: FoundFrame[], other: FoundFrame[]) {
  let matched = 0;
  let referencePeople = 0;
  let otherPeople = 0;
  reference.forEach((frame, index) => {
    const theirs = other[index]?.people ?? [];
    referencePeople += frame.people.length;
    otherPeople += theirs.length;
    const pairs = frame.people
      .flatMap((a, i) => theirs.map((b, j) => ({ i, j, overlap: iou(a.box, b.box) })))
      .filter((pair) => pair.overlap >= SAME_PERSON_IOU);
    pairs.sort((x, y) => y.overlap - x.overlap);
    const usedA = new Set<number>();
    const usedB = new Set<number>();
    for (const pair of pairs) {
      if (usedA.has(pair.i) || usedB.has(pair.j)) continue;
      usedA.add(pair.i);
      usedB.add(pair.j);
      matched++;
    }
  });
  const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) / 100 : null);
  return {
    iouThreshold: SAME_PERSON_IOU,
    referencePeople,
    otherPeople,
    matched,
    referenceFoundByOther: share(matched, referencePeople),
    otherFoundByReference: share(matched, otherPeople),
  };
}
