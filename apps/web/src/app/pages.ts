import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AppPath } from '@argus/contracts/routes';

type Page = LazyExoticComponent<ComponentType>;

/** Each page is its own chunk, so a field unit on a slow link never downloads the command views. */
function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): Page {
  return lazy(async () => ({ default: (await load())[name] }));
}

const fieldUnit = lazyPage(() => import('../features/field-unit/FieldUnitPage'), 'FieldUnitPage');

/** The page of every guarded route; /login is not here because it renders its own frame. */
export const PAGES: Record<Exclude<AppPath, '/login'>, Page> = {
  '/': lazyPage(() => import('../features/home/HomePage'), 'HomePage'),
  '/command': lazyPage(() => import('../features/command/CommandPage'), 'CommandPage'),
  '/fieldunit': fieldUnit,
  '/field-unit': fieldUnit,
  '/analyst': lazyPage(() => import('../features/analyst/AnalystPage'), 'AnalystPage'),
  '/analytics': lazyPage(() => import('../features/analytics/AnalyticsPage'), 'AnalyticsPage'),
  '/surveillance-network': lazyPage(() => import('../features/surveillance/SurveillanceNetworkPage'), 'SurveillanceNetworkPage'),
  '/civic-reporter': lazyPage(() => import('../features/civic-reporter/CivicReporterPage'), 'CivicReporterPage'),
  '/evidence-review': lazyPage(() => import('../features/evidence/EvidenceReviewPage'), 'EvidenceReviewPage'),
  '/settings': lazyPage(() => import('../features/settings/SettingsPage'), 'SettingsPage'),
  '/zone-import': lazyPage(() => import('../features/zones/ZoneImportPage'), 'ZoneImportPage'),
  '/ungoverned-zones': lazyPage(() => import('../features/zones/UngovernedZonesPage'), 'UngovernedZonesPage'),
  '/streaming-test': lazyPage(() => import('../features/streams/StreamingTestPage'), 'StreamingTestPage'),
  '/production': lazyPage(() => import('../features/streams/ProductionPage'), 'ProductionPage'),
  '/stream-settings': lazyPage(() => import('../features/stream-settings/StreamSettingsPage'), 'StreamSettingsPage'),
};

export const ApiGatewayPage = lazyPage(() => import('../features/gateway/ApiGatewayPage'), 'ApiGatewayPage');
export const StreamGatewayPage = lazyPage(() => import('../features/gateway/StreamGatewayPage'), 'StreamGatewayPage');
/** The civic site without an account, and a private follow link (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md). */
export const AnonymousCivicReporterPage = lazyPage(
  () => import('../features/civic-reporter/AnonymousCivicReporterPage'),
  'AnonymousCivicReporterPage',
);
export const CivicFollowPage = lazyPage(() => import('../features/civic-reporter/CivicFollowPage'), 'CivicFollowPage');
/** Where a wall display or tracker is enrolled (docs/decisions/0051-device-sessions-and-retention.md). */
export const EnrolDevicePage = lazyPage(() => import('../features/devices/EnrolDevicePage'), 'EnrolDevicePage');
/** The page a caller with no app opens from a location link (docs/decisions/0046-caller-location-links.md). */
export const CallerLocationPage = lazyPage(() => import('../features/caller/CallerLocationPage'), 'CallerLocationPage');
export const NotFoundPage = lazyPage(() => import('../features/not-found/NotFoundPage'), 'NotFoundPage');
