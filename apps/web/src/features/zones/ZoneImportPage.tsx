import { NotYetAvailable } from '../../components/NotYetAvailable';

/** /zone-import: zones from GeoJSON, KML, GPX or shapefiles (DESIGN section 2). */
export function ZoneImportPage() {
  return (
    <NotYetAvailable>
      Upload GeoJSON, KML, GPX or a zipped shapefile; preview the features on the map with
      validation problems listed per feature; choose the name and risk fields; and import them as
      zones.
    </NotYetAvailable>
  );
}
