import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import { freePort, waitForHealth } from '../support/processes';

/**
 * First run in the browser (docs/decisions/0045-first-run-setup-code.md): a fresh install with no
 * account opens on a sign-in page that offers to create the first administrator, only with the
 * setup code the server printed to its terminal; then the administrator sets up the second factor
 * administrators need. This test starts its own server on an empty database, as a new install is.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOON = { timeout: 20_000 };
const PASSWORD = 'Harbour-Quartz-Meadow-52';
const ADMIN = { name: 'Ada First', email: 'ada.first@argus.example' };

let browser: Browser;
let argus: ChildProcess;
let port: number;
let dataDir: string;
let printed = '';

const url = (pathname: string) => `http://localhost:${port}${pathname}`;

beforeAll(async () => {
  port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-first-run-'));
  // The administrators' second-factor policy stays on, as a new install has it.
  argus = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  argus.stdout!.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  await waitForHealth(port, argus);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  argus?.kill('SIGTERM');
  if (argus) await new Promise((resolve) => argus.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The code as the terminal shows it, once the server has printed it. */
async function printedCode(): Promise<string> {
  await expect.poll(() => /\b[A-Z2-9]{4}(-[A-Z2-9]{4}){3}\b/.exec(printed)?.[0], SOON).toBeTruthy();
  return /\b[A-Z2-9]{4}(-[A-Z2-9]{4}){3}\b/.exec(printed)![0];
}

async function fillSetup(page: Page, code: string) {
  await page.getByLabel('Setup code').fill(code);
  await page.getByLabel('Your name').fill(ADMIN.name);
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByLabel('Choose a password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create administrator' }).click();
}

const setupHeading = (page: Page) => page.getByRole('heading', { name: 'Set up Argus' });

describe('first run in the browser', () => {
  it('refuses a wrong setup code with a clear message and creates nothing', async () => {
    const code = await printedCode();
    expect(printed).toContain(url('/login'));
    const context = await newContext(browser, { desktop: true });
    const page = await context.newPage();
    await page.goto(url('/login'));
    await expect.poll(() => setupHeading(page).isVisible(), SOON).toBe(true);
    await screenshot(page, 'first-run-desktop');

    // A wrong code that looks right: refused, and the right one still works afterwards.
    const wrong = code.startsWith('A') ? `B${code.slice(1)}` : `A${code.slice(1)}`;
    await fillSetup(page, wrong);
    await expect.poll(() => page.getByText('That setup code is not right.', { exact: false }).isVisible(), SOON).toBe(true);
    await screenshot(page, 'first-run-wrong-code');
    const status = (await (await fetch(url('/auth/setup'))).json()) as { open: boolean };
    expect(status).toEqual({ open: true });
    await context.close();
  });

  it('creates the first administrator with the printed code and leads to setting up the authenticator app', async () => {
    const code = await printedCode();
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(url('/login'));
    await expect.poll(() => setupHeading(page).isVisible(), SOON).toBe(true);
    await screenshot(page, 'first-run-phone');
    // Typed as a person might: lower case, spaces for dashes.
    await fillSetup(page, code.toLowerCase().replaceAll('-', ' '));

    await page.waitForURL((address) => address.pathname === '/settings' && address.hash === '#two-factor', SOON);
    const notice = page.getByText('Administrators need two-factor authentication', { exact: false });
    await expect.poll(() => notice.isVisible(), SOON).toBe(true);
    // Brought into view: on a phone it sits below the profile and password sections.
    await expect.poll(() => notice.evaluate((element) => element.getBoundingClientRect().top < window.innerHeight), SOON).toBe(true);
    await page.screenshot({ path: '.e2e-artifacts/first-run-settings-viewport.png' });
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await expect.poll(() => page.getByRole('img', { name: /QR code/ }).isVisible(), SOON).toBe(true);
    // On a phone the key takes two lines; they break between its groups of four, never inside one.
    const groupLines = await page
      .locator('code')
      .first()
      .evaluate((code) => {
        const text = code.firstChild!;
        const lines: number[] = [];
        for (const group of (text.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, group.index);
          range.setEnd(text, group.index + group[0].length);
          lines.push(range.getClientRects().length);
        }
        return lines;
      });
    expect(groupLines.length).toBeGreaterThan(4);
    expect(new Set(groupLines)).toEqual(new Set([1]));
    const key = ((await page.locator('code').first().textContent()) ?? '').replace(/\s/g, '');
    const totp = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: 'SHA1' });
    await page.getByLabel('Code from the app').fill(totp.generate());
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => page.getByText('Two-factor authentication is on', { exact: true }).isVisible(), SOON).toBe(true);
    // Administration, held back until then, now opens: the new administrator is in the list of users.
    await expect.poll(() => page.getByRole('heading', { name: 'Users', exact: true }).isVisible(), SOON).toBe(true);
    const usersTable = page.getByRole('table', { name: 'All users' });
    await expect.poll(() => usersTable.getByText(ADMIN.email).first().isVisible(), SOON).toBe(true);
    await screenshot(page, 'first-run-enrolled');
    await context.close();

    // From now on the install has an administrator: the page offers sign-in only, and the route refuses.
    const later = await newContext(browser);
    const visitor = await later.newPage();
    await visitor.goto(url('/login'));
    await expect.poll(() => visitor.getByRole('button', { name: 'Sign in', exact: true }).isVisible(), SOON).toBe(true);
    expect(await setupHeading(visitor).count()).toBe(0);
    const refused = await fetch(url('/auth/setup'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ setupCode: code, full_name: 'Mallory', email: 'mallory@example.org', password: PASSWORD }),
    });
    expect(refused.status).toBe(409);
    await later.close();
  });
});
