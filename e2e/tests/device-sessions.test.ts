import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SESSION } from '@argus/contracts/constants';
import { DEVICE_BANNERS, DEVICE_REFUSALS } from '@argus/contracts/http/devices';
import { CSRF_COOKIE, CSRF_HEADER } from '@argus/contracts/http/auth';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';

/**
 * Device sessions (docs/decisions/0051-device-sessions-and-retention.md): an administrator
 * registers a wall display, the display opens the command dashboard and stays signed in past
 * fifteen minutes of its own clock, read-only; revoked, it is signed out.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const POLL = { timeout: 30_000 };
const MINUTE = 60_000;

describe('a wall display', () => {
  it('is registered in Settings, stays signed in and read-only past 15 minutes, and is signed out when revoked', async () => {
    const admin = await (await newContext(browser, { desktop: true })).newPage();
    await signIn(admin, 'Command_Admin');
    await expect.poll(() => heading(admin).textContent(), POLL).toBe('Operations Home');
    await admin.goto(mainUrl('/settings'));
    await expect.poll(() => heading(admin).textContent(), POLL).toBe('Settings');
    const name = `Ops wall ${Date.now()}`;
    await admin.getByLabel('Device name').fill(name);
    await admin.getByRole('button', { name: 'Register device' }).click();
    const linkText = admin.getByTestId('enrolment-link');
    await expect.poll(() => linkText.isVisible(), POLL).toBe(true);
    const link = (await linkText.textContent()) ?? '';
    expect(link).toContain('/enrol-device#');
    await screenshot(admin, 'devices-settings-desktop');

    const display = await (await newContext(browser, { desktop: true })).newPage();
    await display.clock.install();
    await display.goto(link);
    await display.waitForURL((url) => url.pathname === '/command', POLL);
    await expect.poll(() => heading(display).textContent(), POLL).toBe('Command Dashboard');
    const banner = display.getByText(`${DEVICE_BANNERS.wall_display} · ${name}`);
    await expect.poll(() => banner.isVisible(), POLL).toBe(true);

    // Sixteen minutes and a check later, nobody having touched it, it is still signed in.
    await display.clock.fastForward(SESSION.inactivityMs + MINUTE + SESSION.expiryCheckIntervalMs);
    expect(new URL(display.url()).pathname).toBe('/command');
    await expect.poll(() => banner.isVisible(), POLL).toBe(true);
    await screenshot(display, 'wall-display-desktop');

    // Read-only: a write the page could try is refused, with the reason.
    const refusal = await display.evaluate(
      async ({ cookie, header }) => {
        const csrf =
          document.cookie
            .split('; ')
            .find((part) => part.startsWith(`${cookie}=`))
            ?.split('=')[1] ?? '';
        const response = await fetch('/units', {
          method: 'POST',
          headers: { 'content-type': 'application/json', [header]: csrf },
          body: JSON.stringify({ callsign: 'WALL-1', kind: 'patrol', members: [] }),
        });
        return { status: response.status, body: (await response.json()) as { error: { message: string } } };
      },
      { cookie: CSRF_COOKIE, header: CSRF_HEADER },
    );
    expect(refusal.status).toBe(403);
    expect(refusal.body.error.message).toBe(DEVICE_REFUSALS.wall_display);

    // Revoked in Settings: the display's next request finds its session gone.
    await admin.reload();
    await admin.getByRole('button', { name: `Revoke ${name}` }).click();
    const row = admin.getByRole('row').filter({ hasText: name });
    await expect.poll(() => row.getByText('Revoked', { exact: true }).isVisible(), POLL).toBe(true);
    await display.reload();
    await expect.poll(() => heading(display).textContent(), POLL).toBe('Secure Sign In');
    expect(await display.getByText(DEVICE_BANNERS.wall_display).count()).toBe(0);

    await admin.context().close();
    await display.context().close();
  });

  it('shows its banner on a phone too', async () => {
    const admin = await (await newContext(browser, { desktop: true })).newPage();
    await signIn(admin, 'Command_Admin');
    await expect.poll(() => heading(admin).textContent(), POLL).toBe('Operations Home');
    const registered = await admin.evaluate(
      async ({ cookie, header }) => {
        const csrf =
          document.cookie
            .split('; ')
            .find((part) => part.startsWith(`${cookie}=`))
            ?.split('=')[1] ?? '';
        const response = await fetch('/devices', {
          method: 'POST',
          headers: { 'content-type': 'application/json', [header]: csrf },
          body: JSON.stringify({ kind: 'wall_display', name: 'Phone wall', role: 'Intelligence_Analyst' }),
        });
        return (await response.json()) as { enrolmentCode: string };
      },
      { cookie: CSRF_COOKIE, header: CSRF_HEADER },
    );
    const phone = await (await newContext(browser)).newPage();
    await phone.goto(mainUrl('/enrol-device'));
    await expect.poll(() => heading(phone).textContent(), POLL).toBe('Enrol this device');
    await phone.getByLabel('Enrolment code').fill(registered.enrolmentCode);
    await phone.getByRole('button', { name: 'Enrol this device' }).click();
    await phone.waitForURL((url) => url.pathname === '/analyst', POLL);
    await expect.poll(() => phone.getByText(`${DEVICE_BANNERS.wall_display} · Phone wall`).isVisible(), POLL).toBe(true);
    await screenshot(phone, 'wall-display-phone');
    await admin.context().close();
    await phone.context().close();
  });
});
