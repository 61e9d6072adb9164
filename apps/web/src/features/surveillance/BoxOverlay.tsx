import type { DetectedObject } from '../../lib/detection/protocol';

/**
 * Detection boxes over a picture, positioned in percent so they follow it at any size. Labels sit
 * above a box, or inside it when the box touches the top edge; a thumbnail shows boxes only.
 */
export function BoxOverlay({ objects, labels = true }: { objects: readonly DetectedObject[]; labels?: boolean }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0">
      {objects.map((object, index) => (
        <div
          key={index}
          className={labels ? 'absolute border-2 border-gold' : 'absolute border border-gold'}
          style={{
            left: `${object.box[0] * 100}%`,
            top: `${object.box[1] * 100}%`,
            width: `${object.box[2] * 100}%`,
            height: `${object.box[3] * 100}%`,
          }}
        >
          {labels ? (
            <span
              className={`absolute left-0 whitespace-nowrap bg-gold px-1 text-xs font-medium text-on-gold ${object.box[1] < 0.06 ? 'top-0' : '-top-5'}`}
            >
              {`${object.label} ${Math.round(object.score * 100)}%`}
            </span>
          ) : null}
        </div>
      ))}
    </div>
  );
}
