import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ACCESSIBILITY_STORAGE_KEYS } from '@argus/contracts/accessibility';
import { ACCOUNTS } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { callApi, callApiOk } from '../support/api';
import { drawJpeg } from '../support/images';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';
import { minimalPdf } from '../support/pdf';

/**
 * Evidence review (issue 7): a field unit's report photo becomes evidence with its hash, an
 * analyst's view of it lands in its custody log as command watches the page, and command exports
 * a package whose hashes this test checks the way someone outside Argus would. The page is
 * command-level (the route table of docs/specification.md); the analyst opens the item through the API from their console.
 */
const SOON = { timeout: 15_000 };
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let browser: Browser;
const contexts: BrowserContext[] = [];

async function signedIn(role: 'Command_Admin' | 'Intelligence_Analyst' | 'Field_Unit'): Promise<Page> {
  const context = await newContext(browser, { desktop: true });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, role);
  await page.waitForURL((url) => url.pathname !== '/login', SOON);
  return page;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

describe('evidence review', () => {
  it('shows a field photo with its hash, logs an analyst’s view, and exports a package whose hashes check out', async () => {
    // A field unit files a report with a photo, as its dashboard does.
    const field = await signedIn('Field_Unit');
    const photo = await drawJpeg(field);
    const report = (
      await callApiOk<{ report: { id: string } }>(field, 'POST', '/reports', {
        clientId: randomUUID(),
        kind: 'field',
        category: 'suspicious-activity',
        description: 'Evidence e2e: a parked van with its engine running',
        location: { lat: 51.5072, lon: -0.1276, accuracy: 10 },
      })
    ).report;
    const photoId = randomUUID();
    const put = await field.evaluate(
      async ({ path, bytes }) => {
        const csrf =
          document.cookie
            .split('; ')
            .find((item) => item.startsWith('argus_csrf='))
            ?.split('=')[1] ?? '';
        const response = await fetch(path, {
          method: 'PUT',
          headers: { 'Content-Type': 'image/jpeg', 'X-CSRF-Token': decodeURIComponent(csrf) },
          body: new Uint8Array(bytes),
        });
        return response.status;
      },
      { path: `/reports/${report.id}/photos/${photoId}`, bytes: Array.from(photo) },
    );
    expect(put).toBe(200);
    const filename = `report-photo-${photoId}.jpg`;

    // Command sees it in evidence review with its SHA-256 and opens it.
    const command = await signedIn('Command_Admin');
    await command.goto(mainUrl('/evidence-review'));
    await expect.poll(() => command.getByRole('heading', { level: 1 }).textContent(), SOON).toBe('Evidence Review');
    const open = command.getByRole('button', { name: filename, exact: true });
    await expect.poll(() => open.isVisible(), SOON).toBe(true);
    const row = command.getByRole('row').filter({ has: open });
    expect(await row.textContent()).toContain(sha256(photo).slice(0, 12));
    await open.focus();
    await command.keyboard.press('Enter');
    const detail = command.getByRole('region', { name: filename });
    await expect.poll(() => detail.getByTestId('evidence-sha256').textContent(), SOON).toBe(sha256(photo));
    await expect
      .poll(() => detail.getByRole('status').filter({ hasText: 'Verified' }).first().textContent(), SOON)
      .toMatch(/^✓ Verified: the file matches its SHA-256/);
    await expect
      .poll(
        () => detail.getByRole('img', { name: `Evidence photo ${filename}` }).evaluate((image: HTMLImageElement) => image.naturalWidth),
        SOON,
      )
      .toBe(80);

    // An analyst opens the item; command's page, still open on it, shows the analyst's view in its
    // custody log as it happens (the evidence channel), without reopening it.
    const custody = command.getByRole('list', { name: 'Custody entries, oldest first' });
    const analystView = `Viewed by ${ACCOUNTS.Intelligence_Analyst.fullName}`;
    await expect.poll(() => custody.textContent(), SOON).toContain(`Viewed by ${ACCOUNTS.Command_Admin.fullName}`);
    expect(await custody.textContent()).not.toContain(analystView);
    const analyst = await signedIn('Intelligence_Analyst');
    const list = await callApiOk<{ items: Array<{ id: string; filename: string }> }>(analyst, 'GET', '/evidence?kind=photo&limit=200');
    const item = list.items.find((candidate) => candidate.filename === filename)!;
    expect(item).toBeTruthy();
    expect((await callApi(analyst, 'GET', `/evidence/${item.id}`)).status).toBe(200);
    await expect.poll(() => custody.textContent(), SOON).toContain(analystView);
    expect(await custody.locator('li').first().textContent()).toContain(`1. Ingested by ${ACCOUNTS.Field_Unit.fullName}`);
    await screenshot(command, 'evidence-review-detail');

    // Command chooses the item and exports a package.
    await command.getByRole('checkbox', { name: `Choose ${filename} for export` }).check();
    const [download] = await Promise.all([
      command.waitForEvent('download', SOON),
      command.getByRole('button', { name: 'Export selected (1)' }).click(),
    ]);
    const zipPath = await download.path();
    const files = unzipSync(new Uint8Array(fs.readFileSync(zipPath)));
    const sums = strFromU8(files['SHA256SUMS']!)
      .trim()
      .split('\n')
      .map((line) => line.split('  ') as [string, string]);
    expect(sums).toHaveLength(1);
    for (const [hash, name] of sums) expect(sha256(files[name]!)).toBe(hash);
    expect(sums[0]![0]).toBe(sha256(photo));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!));
    expect(manifest.exporter.name).toBe(ACCOUNTS.Command_Admin.fullName);
    expect(manifest.items[0].custody.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['ingested', 'viewed', 'exported']),
    );
    expect(strFromU8(files['manifest.html']!)).toContain(sha256(photo));
    await expect.poll(() => custody.textContent(), SOON).toContain(`Exported by ${ACCOUNTS.Command_Admin.fullName}`);
    await screenshot(command, 'evidence-review-exported');
    expect(await seriousViolations(command)).toEqual([]);

    // The same screen in high-contrast mode: the open item stays in the address.
    await command.evaluate((key) => localStorage.setItem(key, 'true'), ACCESSIBILITY_STORAGE_KEYS.highContrast);
    await command.reload();
    await expect.poll(() => detail.getByTestId('evidence-sha256').textContent(), SOON).toBe(sha256(photo));
    await expect.poll(() => command.evaluate(() => document.documentElement.className), SOON).toMatch(/high-contrast/);
    expect(await seriousViolations(command)).toEqual([]);
    await screenshot(command, 'evidence-review-high-contrast');
  });
  // docs/decisions/0060-pdfs-read-in-place-with-pdfjs.md: a PDF is read in the page, and the look is one custody entry.
  it('shows an uploaded PDF in place with its text, pages and zoom, and logs one view', async () => {
    const command = await signedIn('Command_Admin');
    await command.goto(mainUrl('/evidence-review'));
    const filename = `statement-${randomUUID().slice(0, 8)}.pdf`;
    await command.getByLabel('File', { exact: true }).setInputFiles({
      name: filename,
      mimeType: 'application/pdf',
      buffer: minimalPdf(['Witness statement Zephyr', 'Second page Quokka']),
    });
    await command.getByRole('button', { name: 'Upload', exact: true }).click();
    const detail = command.getByRole('region', { name: filename });
    const viewer = detail.getByTestId('pdf-viewer');
    const text = viewer.getByTestId('pdf-text');
    await expect.poll(() => text.textContent(), SOON).toContain('Zephyr');
    expect(await viewer.getByTestId('pdf-page').textContent()).toBe('Page 1 of 2');
    // The page is drawn, not just its text: the canvas has ink on it.
    const inked = () =>
      viewer.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
        const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i]! < 100 && data[i + 3]! > 0) dark += 1;
        return dark;
      });
    await expect.poll(inked, SOON).toBeGreaterThan(50);

    // Keyboard: the next page, zoom in, back to the first page.
    await viewer.getByRole('button', { name: 'Next page' }).press('Enter');
    await expect.poll(() => text.textContent(), SOON).toContain('Quokka');
    expect(await viewer.getByTestId('pdf-page').textContent()).toBe('Page 2 of 2');
    const widthAt = () => viewer.locator('canvas').evaluate((canvas: HTMLCanvasElement) => canvas.getBoundingClientRect().width);
    const fitted = await widthAt();
    await viewer.getByRole('button', { name: 'Zoom in' }).press('Enter');
    await expect.poll(() => viewer.getByTestId('pdf-zoom').textContent(), SOON).toBe('125%');
    await expect.poll(widthAt, SOON).toBeGreaterThan(fitted * 1.2);
    await viewer.getByLabel(/^Page 2 of/).press('ArrowLeft');
    await expect.poll(() => text.textContent(), SOON).toContain('Zephyr');
    await viewer.getByRole('button', { name: 'Fit width' }).click();

    // One look, one custody entry, however many requests the viewer made.
    const custody = command.getByRole('list', { name: 'Custody entries, oldest first' });
    await expect.poll(() => custody.textContent(), SOON).toContain(`Viewed by ${ACCOUNTS.Command_Admin.fullName}`);
    expect((await custody.textContent())!.match(/Viewed by/g)).toHaveLength(1);
    expect(await custody.textContent()).not.toContain('Downloaded');
    await screenshot(command, 'evidence-pdf-desktop');

    // A phone: the page fits the width.
    await command.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => text.textContent(), SOON).toContain('Zephyr');
    await viewer.scrollIntoViewIfNeeded();
    await expect.poll(widthAt, SOON).toBeLessThanOrEqual(390);
    expect(await command.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(command, 'evidence-pdf-phone');
    expect((await custody.textContent())!.match(/Viewed by/g)).toHaveLength(1);
  });
});
