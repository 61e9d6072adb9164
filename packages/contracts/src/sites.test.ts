import { describe, expect, it } from 'vitest';
import { allowsCamera, experienceOf, normaliseHost, resolveSiteType, type SiteHosts } from './sites';

describe('host to site type', () => {
  it.each([
    ['localhost', 'main'],
    ['www.localhost', 'main'],
    ['LOCALHOST:8080', 'main'],
    ['www.localhost.', 'main'],
    ['civic.localhost', 'civic'],
    ['civic.localhost:3000', 'civic'],
    ['field.localhost', 'field'],
    ['api.localhost', 'api'],
    ['stream.localhost', 'stream'],
    ['reporter.localhost', 'civic'],
    ['eu.reporter.localhost', 'civic'],
    ['unit.localhost', 'field'],
    ['north.unit.localhost', 'field'],
    ['preview.localhost', 'preview'],
    ['pr-42.preview.localhost', 'preview'],
    ['example.com', 'unknown'],
    ['127.0.0.1:8080', 'unknown'],
    ['[::1]:8080', 'unknown'],
    ['', 'unknown'],
  ])('%s is %s', (host, site) => {
    expect(resolveSiteType(host)).toBe(site);
  });

  it('follows configured host names', () => {
    const hosts: SiteHosts = {
      main: ['argus.example.org', 'www.argus.example.org'],
      civic: ['report.example.org'],
      field: ['field.example.org'],
      api: ['api.example.org'],
      stream: ['stream.example.org'],
      legacyCivic: ['*.citizens.example.org'],
      legacyField: ['*.units.example.org'],
      preview: ['*.preview.example.org'],
    };
    expect(resolveSiteType('www.argus.example.org', hosts)).toBe('main');
    expect(resolveSiteType('north.citizens.example.org', hosts)).toBe('civic');
    expect(resolveSiteType('citizens.example.org', hosts)).toBe('unknown');
    expect(resolveSiteType('a.units.example.org', hosts)).toBe('field');
    expect(resolveSiteType('localhost', hosts)).toBe('unknown');
  });

  it('normalises ports, case and IPv6 literals', () => {
    expect(normaliseHost('Field.LocalHost:443')).toBe('field.localhost');
    expect(normaliseHost('[::1]:8080')).toBe('[::1]');
  });

  it('shows the main site on preview and unknown hosts', () => {
    expect(experienceOf('preview')).toBe('main');
    expect(experienceOf('unknown')).toBe('main');
    expect(experienceOf('civic')).toBe('civic');
  });

  it('allows the camera only where video is published (decision 2)', () => {
    expect(['main', 'field', 'preview', 'unknown'].every((site) => allowsCamera(site as never))).toBe(true);
    expect(['civic', 'api', 'stream'].some((site) => allowsCamera(site as never))).toBe(false);
  });
});
