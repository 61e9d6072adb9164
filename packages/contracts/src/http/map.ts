import { z } from 'zod';

/** GET /map/config: an optional raster tile source drawn over the offline basemap. */
export const MapConfigResponse = z.object({
  tiles: z
    .object({
      /** An XYZ template with {z}, {x} and {y}, on this origin or another. */
      url: z.string(),
      attribution: z.string().nullable(),
      maxZoom: z.number().int(),
    })
    .nullable(),
});
export type MapConfigResponse = z.infer<typeof MapConfigResponse>;
