import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MapConfigResponse } from '@argus/contracts/http/map';
import type { Config } from '../../config';

/** What the maps need from configuration: the optional tile source over their offline basemap. */
export const mapRoutes: FastifyPluginAsyncZod<{ tiles: Config['mapTiles'] }> = async (app, { tiles }) => {
  app.get(
    '/map/config',
    {
      config: { access: 'signed-in' },
      schema: { summary: 'The optional tile source the maps draw over their offline basemap', response: { 200: MapConfigResponse } },
    },
    () => ({ tiles }),
  );
};
