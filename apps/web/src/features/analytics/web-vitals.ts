import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { postPerformanceMetric } from './analytics-client';

function send(metric: Metric): void {
  void postPerformanceMetric({
    name: metric.name,
    value: metric.value,
    timestamp: Date.now(),
    url: window.location.href.slice(0, 2048),
    userAgent: navigator.userAgent.slice(0, 1024),
  });
}

/** Posts the Core Web Vitals (plus FCP and TTFB) as the browser finalises each one. */
export function reportWebVitals(): void {
  onCLS(send);
  onINP(send);
  onLCP(send);
  onFCP(send);
  onTTFB(send);
}
