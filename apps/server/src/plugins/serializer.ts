import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * Responses are written by fast-json-stringify from the JSON Schema of each route's zod
 * response schema. Like the zod serializer it writes only the declared fields, so a stray
 * column such as a password hash can never leave the server, but it costs a fraction as much
 * on routes every screen polls. A schema with no JSON Schema form keeps the zod serializer.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  let jsonSchema: JsonSchema;
  try {
    jsonSchema = z.toJSONSchema(route.schema, { io: 'output', target: 'draft-7' });
  } catch {
    return zodSerializerCompiler(route);
  }
  delete jsonSchema.$schema;
  return fastJson(nullableAsTypeList(jsonSchema) as unknown as Schema);
};

/**
 * zod writes `x.nullable()` as `anyOf: [x, { type: 'null' }]`, which fast-json-stringify
 * serializes by running a JSON Schema validator over the value to pick the branch, on every
 * answer. `type: [x's type, 'null']` says the same and is picked with a null check.
 */
export function nullableAsTypeList(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableAsTypeList);
  if (schema === null || typeof schema !== 'object') return schema;
  const node = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, nullableAsTypeList(value)])) as JsonSchema;
  const { anyOf, ...siblings } = node;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return node;
  const nullAt = anyOf.findIndex((option) => isNullOnly(option));
  const other = anyOf[1 - nullAt] as JsonSchema | undefined;
  if (
    nullAt === -1 ||
    !other ||
    typeof other.type !== 'string' ||
    other.type === 'null' ||
    'anyOf' in other ||
    'oneOf' in other ||
    'allOf' in other ||
    '$ref' in other
  )
    return node;
  return { ...siblings, ...other, type: [other.type, 'null'] };
}

function isNullOnly(option: unknown): boolean {
  return typeof option === 'object' && option !== null && Object.keys(option).length === 1 && (option as JsonSchema).type === 'null';
}
