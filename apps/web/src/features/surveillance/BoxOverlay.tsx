import type { DetectedObject } from '../../lib/detection/protocol';

/** Detection boxes over a picture, positioned in percent so they follow it at any size. */
export function BoxOverlay({ objects }: { objects: readonly DetectedObject[] }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0">
      {objects.map((object, index) => (
        <div
          key={index}
          className="absolute border-2 border-gold"
          style={{ left: `${object.box[0] * 100}%`, top: `${object.box[1] * 100}%`, width: `${object.box[2] * 100}%`, height: `${object.box[3] * 100}%` }}
        >
          <span className="absolute -top-5 left-0 whitespace-nowrap bg-gold px-1 text-xs font-medium text-on-gold">{`${object.label} ${Math.round(object.score * 100)}%`}</span>
        </div>
      ))}
    </div>
  );
}
