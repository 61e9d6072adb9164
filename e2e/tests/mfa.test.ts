import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { E2E_PASSWORD, MFA_ACCOUNT } from '../support/accounts';
import { launchBrowser, mainUrl, newContext, screenshot } from '../support/browser';

/**
 * A person turns on two-factor authentication in Settings with the key an authenticator app
 * would scan, signs out, and from then on signing in asks for the app's code.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** What the authenticator app would show, `stepsAhead` steps after now (a code works once). */
function appCode(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

async function passwordStep(page: Page) {
  await page.goto(mainUrl('/login'));
  await page.getByLabel('Email').fill(MFA_ACCOUNT.email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('two-factor authentication in the browser', () => {
  it('is set up in Settings, then asked for at every sign-in', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await passwordStep(page);
    await page.waitForURL((url) => url.pathname === '/fieldunit');
    await page.goto(mainUrl('/settings'));
    await expect.poll(() => heading(page).textContent()).toBe('Settings');

    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await expect.poll(() => page.getByRole('img', { name: /QR code/ }).isVisible()).toBe(true);
    const key = ((await page.locator('code').first().textContent()) ?? '').replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'mfa-enrolment');

    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'That code is not right.' }).isVisible()).toBe(true);
    await page.getByLabel('Code from the app').fill(appCode(key));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => page.getByText('Two-factor authentication is on', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: /^Remove / }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Create recovery codes' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    const recoveryCode = (await codes.first().textContent()) ?? '';
    await page.getByRole('button', { name: 'I have saved them' }).click();

    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    // The password alone now opens nothing: the guard sends every page back to the code step.
    await passwordStep(page);
    await expect.poll(() => page.getByLabel('Authentication code').isVisible()).toBe(true);
    // Not signed in yet: no welcome until the code is right.
    expect(await page.getByText('Login successful', { exact: true }).count()).toBe(0);
    // The factor keeps its default name, which the step does not repeat back.
    expect(await page.getByText('Enter the current code from your authenticator app.', { exact: true }).isVisible()).toBe(true);
    await page.goto(mainUrl('/fieldunit'));
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => page.getByLabel('Authentication code').isVisible()).toBe(true);
    await screenshot(page, 'mfa-code-step');

    // The enrolment code's step is used; the app's next code is accepted.
    await page.getByLabel('Authentication code').fill(appCode(key, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/fieldunit');
    await expect.poll(() => page.getByText('Login successful', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => heading(page).textContent()).toBe('Field Unit Dashboard');

    // A lost phone: a recovery code stands in, once.
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await passwordStep(page);
    await page.getByLabel('Authentication code').fill(recoveryCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/fieldunit');

    // Having used the factor, this session may remove it.
    await page.goto(mainUrl('/settings'));
    await page.getByRole('button', { name: /^Remove / }).click();
    await expect.poll(() => page.getByText('Two-factor authentication is off', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Set up authenticator app' }).isVisible()).toBe(true);
    await context.close();
  });
});
