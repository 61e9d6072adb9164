import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { E2E_PASSWORD } from '../support/accounts';
import { callApi } from '../support/api';
import { drawJpeg } from '../support/images';
import { launchBrowser, newContext, screenshot, signIn, siteUrl } from '../support/browser';

/**
 * A member of the public on the civic reporter site: creates an account, reports with a photo and
 * follows the report by its tracking code (docs/decisions/0011-what-each-page-does.md, docs/decisions/0016-verification-publication-outcome.md).
 */
const CIVIC_HOST = 'civic.localhost';
const HERE = { latitude: 53.4808, longitude: -2.2426, accuracy: 15 };

/** How long the browser may take to show a change: sign-in hashes a password, and the machine is shared. */
const SOON = { timeout: 15_000 };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

describe('civic reporter', () => {
  it('registers on the civic site, reports with a photo and sees the report with its tracking code', async () => {
    const context = await newContext(browser);
    await context.grantPermissions(['geolocation'], { origin: siteUrl(CIVIC_HOST, '') });
    await context.setGeolocation(HERE);
    const page = await context.newPage();
    await page.goto(siteUrl(CIVIC_HOST, '/'));
    // Anyone may report without an account; an account follows every report in one place.
    await expect.poll(() => page.getByText('No account needed').isVisible(), SOON).toBe(true);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => heading(page).textContent(), SOON).toBe('Secure Sign In');

    await page.getByRole('button', { name: 'Create an account' }).click();
    const email = `reporter-${Date.now()}@e2e.argus.test`;
    await page.getByLabel('Your name').fill('Jordan Public');
    await page.getByLabel('Email address').fill(email);
    // The password policy is the server's; its refusal is shown as it says it.
    await page.getByLabel('Choose a password').fill('password1234');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(
        () =>
          page
            .getByRole('alert')
            .filter({ hasText: /password/i })
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    await screenshot(page, 'civic-register-weak-password');

    await page.getByLabel('Choose a password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe('Civic Reporter');

    const description = `A fallen tree blocks the cycle lane, report ${Date.now()}`;
    await page.getByLabel('What is it?').selectOption('hazard');
    await page.getByLabel('What do you see?').fill(description);
    // A tap on the map sets the place; the device's own fix then replaces it.
    await page.getByRole('button', { name: 'Pick on the map' }).click();
    await expect.poll(() => page.locator('canvas.maplibregl-canvas').isVisible(), { timeout: 30_000 }).toBe(true);
    await page.waitForTimeout(500);
    await page.locator('canvas.maplibregl-canvas').click({ position: { x: 120, y: 90 } });
    await expect.poll(() => page.getByText('Picked on the map').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.locator('canvas.maplibregl-canvas').scrollIntoViewIfNeeded();
    await screenshot(page, 'civic-map-pick');
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect.poll(() => page.getByText('From this device').isVisible(), SOON).toBe(true);
    await page.locator('input[type="file"]').setInputFiles({ name: 'tree.jpg', mimeType: 'image/jpeg', buffer: await drawJpeg(page) });
    await expect.poll(() => page.getByRole('img', { name: 'Photo 1' }).isVisible(), SOON).toBe(true);
    await screenshot(page, 'civic-report-form');
    await page.getByRole('button', { name: 'Send report' }).click();

    // My reports: the tracking code and the plain status, with the photo attached.
    const mine = page.getByRole('region', { name: 'My reports' }).locator('li[data-tracking-code]').filter({ hasText: description });
    await expect.poll(() => mine.isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => mine.getByText('1 photo').isVisible(), { timeout: 30_000 }).toBe(true);
    const trackingCode = await mine.getAttribute('data-tracking-code');
    expect(trackingCode).toMatch(/^RPT-[A-Z0-9]{8}$/);
    expect(await mine.getByText('Received').isVisible()).toBe(true);
    await mine.scrollIntoViewIfNeeded();
    await screenshot(page, 'civic-my-reports');

    // The server holds the report and the photo's bytes.
    const stored = await page.evaluate(async (code) => {
      const reports = (await (await fetch('/reports')).json()).reports as {
        id: string;
        trackingCode: string;
        location: { lat: number; accuracy?: number };
        photos: { id: string; mime: string }[];
      }[];
      const report = reports.find((candidate) => candidate.trackingCode === code)!;
      const photo = await fetch(`/reports/${report.id}/photos/${report.photos[0]!.id}`);
      return {
        count: reports.length,
        lat: report.location.lat,
        accuracy: report.location.accuracy,
        mime: report.photos[0]!.mime,
        photoStatus: photo.status,
        photoType: photo.headers.get('content-type'),
      };
    }, trackingCode);
    expect(stored).toMatchObject({
      count: 1,
      lat: HERE.latitude,
      accuracy: HERE.accuracy,
      mime: 'image/jpeg',
      photoStatus: 200,
      photoType: 'image/jpeg',
    });

    // An analyst verifies it: the reporter's list says so without a reload, and no unit is sent yet
    // (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md).
    const analystContext = await newContext(browser, { desktop: true });
    const analyst = await analystContext.newPage();
    await signIn(analyst, 'Intelligence_Analyst');
    await analyst.waitForURL((url) => url.pathname !== '/login');
    const { body: queue } = await callApi<{ reports: { id: string; trackingCode: string }[] }>(analyst, 'GET', '/reports?limit=200');
    const id = queue.reports.find((candidate) => candidate.trackingCode === trackingCode)!.id;
    const verified = (await callApi(analyst, 'POST', `/reports/${id}/verify`, { title: 'Fallen tree', severity: 'low' })).status;
    expect(verified).toBe(200);
    await expect.poll(() => mine.getByText('Under review').isVisible(), { timeout: 20_000 }).toBe(true);
    await analystContext.close();
    await context.close();
  });

  it('offers no account creation on the main site', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(siteUrl('localhost', '/login'));
    await expect.poll(() => heading(page).textContent(), SOON).toBe('Secure Sign In');
    expect(await page.getByRole('button', { name: 'Create an account' }).count()).toBe(0);
    await context.close();
  });
});
