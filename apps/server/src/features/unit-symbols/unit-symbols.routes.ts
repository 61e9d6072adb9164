import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnitSymbolsResponse } from '@argus/contracts/http/unit-symbols';
import { UnitSymbols } from '@argus/contracts/http/unit-symbols-edit';
import { UNIT_SYMBOL_MANAGERS, UNIT_SYMBOL_READERS } from '@argus/contracts/policies/unit-symbols';
import { auditContext } from '../../plugins/auth';
import type { UnitSymbolsService } from './unit-symbols.service';

/** /map/unit-symbols: which MIL-STD-2525D symbol each unit kind is drawn as, and its legend label. */
export const unitSymbolsRoutes: FastifyPluginAsyncZod<{ unitSymbols: UnitSymbolsService }> = async (app, { unitSymbols }) => {
  app.get(
    '/map/unit-symbols',
    {
      // Every map with units reads it, so the administrators' MFA policy does not hold it up.
      config: { access: UNIT_SYMBOL_READERS, administrative: false },
      schema: {
        summary: 'The symbol code (SIDC) and legend label of each unit kind',
        response: { 200: UnitSymbolsResponse },
      },
    },
    async () => unitSymbols.table(),
  );

  app.put(
    '/map/unit-symbols',
    {
      config: { access: UNIT_SYMBOL_MANAGERS },
      schema: {
        summary: 'Replace the unit symbol table (every unit kind once, each with a code milsymbol draws)',
        body: UnitSymbols,
        response: { 200: UnitSymbolsResponse },
      },
    },
    async (request) => unitSymbols.save(request.body, auditContext(request)),
  );
};
