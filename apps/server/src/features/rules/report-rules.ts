import { ALERT_SEVERITIES, type AlertSeverity } from '@argus/contracts/alerts';
import type { RuleParams } from '@argus/contracts/http/rules';
import { distanceMetres } from '../../lib/geo';
import type { ActiveRules, EngineAction, ReportSeen } from './engine.types';

/** An open burst alert: later reports of the same category near it merge into it. */
export interface OpenBurst {
  subject: string;
  category: string;
  lat: number;
  lon: number;
  lastAt: number;
}

export function burstSubject(category: string, firstReportId: string): string {
  return `burst:${category}:${firstReportId}`;
}

/** The category a burst subject names (categories may hold colons; report ids do not). */
export function categoryOfBurst(subject: string): string | null {
  if (!subject.startsWith('burst:')) return null;
  const last = subject.lastIndexOf(':');
  return last > 6 ? subject.slice(6, last) : null;
}

const sameCategory = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;

/**
 * Burst: N or more reports of a category within R metres and T minutes. `recent` holds the
 * reports of the last window, oldest first; it is pruned and appended here.
 */
export function evaluateBurst(rules: ActiveRules, recent: ReportSeen[], open: OpenBurst[], report: ReportSeen): EngineAction[] {
  const rule = rules['report.burst'];
  const windowMs = rule.params.windowMinutes * 60_000;
  while (recent.length > 0 && recent[0]!.at < report.at - windowMs) recent.shift();
  recent.push(report);
  for (let i = open.length - 1; i >= 0; i--) if (open[i]!.lastAt < report.at - windowMs) open.splice(i, 1);
  if (!rule.enabled) return [];
  const { category, count, radiusM } = rule.params;
  if (category !== null && !sameCategory(category, report.category)) return [];
  const cluster = recent.filter(
    (other) =>
      sameCategory(other.category, report.category) && other.at >= report.at - windowMs && distanceMetres(other, report) <= radiusM,
  );
  if (cluster.length < count) return [];
  let burst = open.find((known) => sameCategory(known.category, report.category) && distanceMetres(known, report) <= radiusM);
  if (!burst) {
    burst = {
      subject: burstSubject(report.category, cluster[0]!.id),
      category: report.category,
      lat: report.lat,
      lon: report.lon,
      lastAt: report.at,
    };
    open.push(burst);
  }
  burst.lastAt = report.at;
  return [
    {
      type: 'raise',
      alert: {
        rule: 'report.burst',
        subject: burst.subject,
        severity: cluster.length >= count * 2 ? 'critical' : 'warning',
        title: `Burst of ${report.category} reports`,
        detail: `${cluster.length} ${report.category} reports within ${radiusM} m in the last ${rule.params.windowMinutes} minutes.`,
        location: { lat: burst.lat, lon: burst.lon },
        radiusM,
        eventAt: report.at,
        ingestedAt: report.ingestedAt,
        sources: cluster.map((member) => ({ kind: 'report', id: member.id, at: member.at, name: `${report.category} report` })),
      },
    },
  ];
}

/** Compiled once per lexicon: whole words, with plural endings ("shot" finds "shots"). */
const compiled = new WeakMap<RuleParams['report.keywords'], { term: string; severity: AlertSeverity; pattern: RegExp }[]>();

function matchersFor(params: RuleParams['report.keywords']) {
  let matchers = compiled.get(params);
  if (!matchers) {
    matchers = params.lexicon.map(({ term, severity }) => ({
      term,
      severity,
      pattern: new RegExp(`(^|[^\\p{L}\\p{N}])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(s|es)?($|[^\\p{L}\\p{N}])`, 'iu'),
    }));
    compiled.set(params, matchers);
  }
  return matchers;
}

/** Threat words in a report raise an alert as severe as the worst word found. */
export function evaluateKeywords(rules: ActiveRules, report: ReportSeen): EngineAction[] {
  const rule = rules['report.keywords'];
  if (!rule.enabled) return [];
  // The description only: the category is the reporter's own label, counted by the burst rule.
  const hits = matchersFor(rule.params).filter((matcher) => matcher.pattern.test(report.description));
  if (hits.length === 0) return [];
  const severity = hits.reduce<AlertSeverity>(
    (worst, hit) => (ALERT_SEVERITIES.indexOf(hit.severity) > ALERT_SEVERITIES.indexOf(worst) ? hit.severity : worst),
    'info',
  );
  const terms = [...new Set(hits.map((hit) => hit.term))];
  return [
    {
      type: 'raise',
      alert: {
        rule: 'report.keywords',
        subject: `report:${report.id}`,
        severity,
        title: `Threat words in a ${report.category} report: ${terms.join(', ')}`,
        detail: report.description.slice(0, 500),
        location: { lat: report.lat, lon: report.lon },
        eventAt: report.at,
        ingestedAt: report.ingestedAt,
        sources: [{ kind: 'report', id: report.id, at: report.at, name: `${report.category} report` }],
      },
    },
  ];
}
