import { z } from 'zod';

/**
 * The part of an OpenAPI 3 document the gateway page lists. Contracts do not describe the
 * document itself (the server generates it), so the web app validates only what it reads.
 */
const Operation = z.looseObject({ summary: z.string().optional(), description: z.string().optional() });

export const OpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type OpenApiDocument = z.infer<typeof OpenApiDocument>;

export interface Endpoint {
  method: string;
  path: string;
  summary: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Every operation as one row, sorted by path then in the usual method order. */
export function listEndpoints(document: OpenApiDocument): Endpoint[] {
  const endpoints: Endpoint[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      if (!(method in item)) continue;
      const operation = Operation.safeParse(item[method]);
      const summary = operation.success ? (operation.data.summary ?? operation.data.description ?? '') : '';
      endpoints.push({ method: method.toUpperCase(), path, summary });
    }
  }
  return endpoints.sort(
    (a, b) =>
      a.path.localeCompare(b.path) ||
      METHODS.indexOf(a.method.toLowerCase() as (typeof METHODS)[number]) -
        METHODS.indexOf(b.method.toLowerCase() as (typeof METHODS)[number]),
  );
}
