import { z } from 'zod';
import { UNIT_KINDS } from '../units';
import { Timestamp } from './common';
import { singleLineText } from './text';

/**
 * What each kind of unit can do and how fast it typically travels, and what each incident category
 * needs (docs/decisions/0039-dispatch-by-capability.md). Capabilities are short lower-case words the
 * administrators choose ("fire suppression", "medical care"); a category needs some of them, and the
 * dispatch advice lists the units that have one first, each with a straight-line ETA at its kind's speed.
 */

export const UNIT_SPEED_KMH = { min: 5, max: 300 } as const;
export const MAX_CAPABILITIES_PER_KIND = 12;
export const MAX_CATEGORY_NEEDS = 8;
export const MAX_CATEGORY_RULES = 60;

const speedRange = `Speed is ${UNIT_SPEED_KMH.min} to ${UNIT_SPEED_KMH.max} km/h.`;

/** One capability: lower case so "Medical care" and "medical care" are the same thing. */
export const Capability = singleLineText({ typeError: 'A capability is text.' })
  .toLowerCase()
  .min(1, 'A capability needs a name.')
  .max(40, 'A capability is at most 40 characters.')
  // Settings types a kind's capabilities as one list separated by commas.
  .regex(/^[^,]*$/, 'A capability cannot hold a comma; commas separate capabilities.');

const distinct = (values: readonly string[]) => new Set(values).size === values.length;

export const UnitKindCapabilities = z.object({
  kind: z.enum(UNIT_KINDS, { error: `Kind must be one of ${UNIT_KINDS.join(', ')}.` }),
  capabilities: z
    .array(Capability)
    .max(MAX_CAPABILITIES_PER_KIND, `At most ${MAX_CAPABILITIES_PER_KIND} capabilities per kind.`)
    .refine(distinct, 'Name each capability once.'),
  speedKmh: z
    .number({ error: 'Speed must be a number of km/h.' })
    .int('Speed must be a whole number of km/h.')
    .min(UNIT_SPEED_KMH.min, speedRange)
    .max(UNIT_SPEED_KMH.max, speedRange),
});
export type UnitKindCapabilities = z.infer<typeof UnitKindCapabilities>;

export const CategoryNeeds = z.object({
  /** Matched as whole words inside an incident's free-text category: "fire" covers "vehicle fire". */
  category: singleLineText({ typeError: 'A category is text.' })
    .toLowerCase()
    .min(1, 'Enter a category.')
    .max(60, 'The category is too long (at most 60 characters).')
    .regex(/[\p{L}\p{N}]/u, 'A category needs at least one letter or digit.'),
  needs: z
    .array(Capability)
    .min(1, 'Choose at least one capability this category needs.')
    .max(MAX_CATEGORY_NEEDS, `At most ${MAX_CATEGORY_NEEDS} needs per category.`)
    .refine(distinct, 'Name each capability once.'),
});
export type CategoryNeeds = z.infer<typeof CategoryNeeds>;

/** The whole table, as the administrators save it: every unit kind once, categories named once. */
export const DispatchCapabilities = z
  .object({
    unitKinds: z.array(UnitKindCapabilities),
    categories: z.array(CategoryNeeds).max(MAX_CATEGORY_RULES, `At most ${MAX_CATEGORY_RULES} categories.`),
  })
  .superRefine((table, context) => {
    const kinds = table.unitKinds.map((entry) => entry.kind);
    const missing = UNIT_KINDS.filter((kind) => !kinds.includes(kind));
    if (missing.length > 0 || !distinct(kinds)) {
      context.addIssue({ code: 'custom', path: ['unitKinds'], message: `List each unit kind exactly once (${UNIT_KINDS.join(', ')}).` });
    }
    const offered = new Set(table.unitKinds.flatMap((entry) => entry.capabilities));
    const seen = new Set<string>();
    table.categories.forEach((entry, index) => {
      if (seen.has(entry.category)) {
        context.addIssue({ code: 'custom', path: ['categories', index, 'category'], message: `“${entry.category}” is listed twice.` });
      }
      seen.add(entry.category);
      const unknown = entry.needs.filter((need) => !offered.has(need));
      if (unknown.length > 0) {
        context.addIssue({
          code: 'custom',
          path: ['categories', index, 'needs'],
          message: `No unit kind has ${unknown.map((need) => `“${need}”`).join(', ')}: give it to a kind first.`,
        });
      }
    });
  });
export type DispatchCapabilities = z.infer<typeof DispatchCapabilities>;

export const DispatchCapabilitiesResponse = z.object({
  unitKinds: z.array(UnitKindCapabilities),
  categories: z.array(CategoryNeeds),
  updatedAt: Timestamp.nullable(),
  updatedBy: z.string().nullable(),
});
export type DispatchCapabilitiesResponse = z.infer<typeof DispatchCapabilitiesResponse>;
