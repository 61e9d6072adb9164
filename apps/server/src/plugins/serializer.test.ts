import fastJson, { type Schema } from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nullableAsTypeList } from './serializer';

const Person = z.object({ name: z.string(), role: z.enum(['a', 'b']) });
const Answer = z.object({
  person: Person.nullable(),
  note: z.string().nullable(),
  count: z.number().int().nullable(),
  either: z.union([z.object({ n: z.number() }), z.string()]),
  tags: z.array(Person.nullable()),
});

const compile = (schema: z.ZodType) => fastJson(nullableAsTypeList(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' })) as Schema);

describe('nullable response fields', () => {
  it('become type lists, and other unions stay as they were', () => {
    const json = nullableAsTypeList(z.toJSONSchema(Answer, { io: 'output', target: 'draft-7' })) as {
      properties: Record<string, Record<string, unknown>>;
    };
    expect(json.properties.person).toMatchObject({ type: ['object', 'null'], required: ['name', 'role'] });
    expect(json.properties.note).toEqual({ type: ['string', 'null'] });
    expect(json.properties.count!.type).toEqual(['integer', 'null']);
    expect(json.properties.either!.anyOf).toHaveLength(2);
    expect((json.properties.tags!.items as Record<string, unknown>).type).toEqual(['object', 'null']);
  });

  it('serialize as they did, writing only declared fields', () => {
    const write = compile(Answer);
    const value = {
      person: { name: 'Ana', role: 'a', secret: 'x' },
      note: null,
      count: 3,
      either: { n: 2 },
      tags: [null, { name: 'Bo', role: 'b' }],
    };
    expect(JSON.parse(write(value))).toEqual({
      person: { name: 'Ana', role: 'a' },
      note: null,
      count: 3,
      either: { n: 2 },
      tags: [null, { name: 'Bo', role: 'b' }],
    });
    expect(JSON.parse(write({ ...value, person: null }))).toMatchObject({ person: null });
  });
});
