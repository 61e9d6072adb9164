import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ACCESSIBILITY_STORAGE_KEYS } from '@argus/contracts/accessibility';
import { APP_ROUTES } from '@argus/contracts/routes';
import { seriousViolations } from '../support/axe';
import { launchBrowser, mainUrl, newContext, screenshot, signIn, siteUrl } from '../support/browser';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function openContext(options: Parameters<typeof newContext>[1] = {}): Promise<Page> {
  const context = await newContext(browser, options);
  contexts.push(context);
  return context.newPage();
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function settle(page: Page, title: string) {
  // Signing in and opening a page's chunk can take seconds on a loaded machine.
  await expect.poll(() => heading(page).textContent(), { message: page.url(), timeout: 20_000 }).toBe(title);
  // Let data queries finish so their results are checked too.
  await page.waitForLoadState('networkidle');
}

describe('accessibility', () => {
  it('the panel opens from the header and its settings are saved under their own keys', async () => {
    const page = await openContext();
    await signIn(page, 'Intelligence_Analyst');
    await settle(page, 'Analyst Console');
    await page.getByRole('button', { name: 'Accessibility settings' }).click();
    const panel = page.getByRole('dialog', { name: 'Accessibility' });
    await expect.poll(() => panel.isVisible()).toBe(true);

    await panel.getByRole('switch', { name: 'High contrast' }).click();
    await panel.getByRole('switch', { name: 'Reduced motion' }).click();
    await panel.getByRole('radio', { name: /Large \(18px\)/ }).click();
    await panel.getByRole('switch', { name: 'Keyboard navigation' }).click();
    await screenshot(page, 'accessibility-panel');

    const stored = await page.evaluate(
      (keys) => Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, localStorage.getItem(key)])),
      ACCESSIBILITY_STORAGE_KEYS,
    );
    expect(stored).toMatchObject({ highContrast: 'true', reducedMotion: 'true', fontSize: 'large', keyboardNavigation: 'true' });
    await panel.getByRole('switch', { name: 'Voice commands' }).click();
    expect(await page.evaluate((key) => localStorage.getItem(key), ACCESSIBILITY_STORAGE_KEYS.voiceCommands)).toBe('true');

    const root = async () =>
      page.evaluate(() => ({ classes: document.documentElement.className, fontSize: document.documentElement.style.fontSize }));
    expect(await root()).toMatchObject({ fontSize: '18px' });
    expect((await root()).classes).toMatch(/high-contrast/);

    // Saved values survive a reload.
    await page.reload();
    await settle(page, 'Analyst Console');
    expect((await root()).classes).toMatch(/high-contrast/);
    expect((await root()).classes).toMatch(/reduce-motion/);
    expect((await root()).fontSize).toBe('18px');
  });

  it('with keyboard navigation on, Alt+A toggles the panel and Alt+S focuses the skip link', async () => {
    const page = await openContext({ desktop: true });
    await signIn(page, 'Command_Admin');
    await settle(page, 'Operations Home');
    await page.goto(mainUrl('/command'));
    await settle(page, 'Command Dashboard');
    const panel = page.getByRole('dialog', { name: 'Accessibility' });

    // Off by default: the shortcuts do nothing.
    await page.keyboard.press('Alt+KeyA');
    await page.waitForTimeout(300);
    expect(await panel.count()).toBe(0);

    await page.evaluate((key) => localStorage.setItem(key, 'true'), ACCESSIBILITY_STORAGE_KEYS.keyboardNavigation);
    await page.reload();
    await settle(page, 'Command Dashboard');

    await page.keyboard.press('Alt+KeyA');
    await expect.poll(() => panel.isVisible()).toBe(true);
    await page.keyboard.press('Alt+KeyA');
    await expect.poll(() => panel.count()).toBe(0);

    await page.keyboard.press('Alt+KeyS');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await screenshot(page, 'skip-link-focused');
    // Following the skip link moves focus into the page itself.
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  });

  it('prints the page alone: no skip link, header or navigation, dark ink on white', async () => {
    const page = await openContext({ desktop: true });
    await signIn(page, 'Command_Admin');
    await settle(page, 'Operations Home');
    await page.goto(mainUrl('/command'));
    await settle(page, 'Command Dashboard');
    // Focused, as it was when the printout showed it over the page.
    await page.keyboard.press('Tab');
    await page.emulateMedia({ media: 'print' });
    const shown = (selector: string) => page.locator(selector).first().isVisible();
    expect(await shown('#skip-link')).toBe(false);
    expect(await shown('header')).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Pages' }).isVisible()).toBe(false);
    expect(await heading(page).isVisible()).toBe(true);
    const colours = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return { background: style.backgroundColor, ink: style.color };
    });
    expect(colours).toEqual({ background: 'rgb(255, 255, 255)', ink: 'rgb(0, 0, 0)' });
    await screenshot(page, 'command-printed');
    await page.emulateMedia({ media: 'screen' });
    expect(await page.getByRole('navigation', { name: 'Pages' }).isVisible()).toBe(true);
  });

  it('high contrast and reduced motion start from the system preferences, saved values win', async () => {
    const page = await openContext();
    await page.emulateMedia({ contrast: 'more', reducedMotion: 'reduce' });
    await page.goto(mainUrl('/login'));
    await settle(page, 'Secure Sign In');
    const classes = () => page.evaluate(() => document.documentElement.className);
    expect(await classes()).toMatch(/high-contrast/);
    expect(await classes()).toMatch(/reduce-motion/);

    await page.evaluate((key) => localStorage.setItem(key, 'false'), ACCESSIBILITY_STORAGE_KEYS.highContrast);
    await page.reload();
    await settle(page, 'Secure Sign In');
    expect(await classes()).not.toMatch(/high-contrast/);
    expect(await classes()).toMatch(/reduce-motion/);
  });

  it('voice commands drive the app through the Web Speech API', async () => {
    const page = await openContext();
    // Headless Chromium has the API but no speech engine behind it, so a scripted recogniser
    // stands in for the engine: it hands the app final transcripts as a real one would.
    await page.addInitScript(() => {
      class ScriptedRecognition extends EventTarget {
        continuous = false;
        interimResults = false;
        lang = 'en-US';
        maxAlternatives = 1;
        onresult: ((event: unknown) => void) | null = null;
        onerror: ((event: unknown) => void) | null = null;
        onend: (() => void) | null = null;
        start() {
          (window as unknown as { argusSay: (phrase: string) => void }).argusSay = (phrase: string) => {
            const result = Object.assign([{ transcript: phrase, confidence: 0.9 }], { isFinal: true });
            this.onresult?.({ resultIndex: 0, results: [result] });
          };
        }
        stop() {}
        abort() {}
      }
      Object.assign(window, { SpeechRecognition: ScriptedRecognition, webkitSpeechRecognition: ScriptedRecognition });
    });
    await signIn(page, 'Intelligence_Analyst');
    await settle(page, 'Analyst Console');
    await page.evaluate((key) => localStorage.setItem(key, 'true'), ACCESSIBILITY_STORAGE_KEYS.voiceCommands);
    await page.reload();
    await settle(page, 'Analyst Console');
    const say = (phrase: string) =>
      page.evaluate((text) => (window as unknown as { argusSay: (p: string) => void }).argusSay(text), phrase);
    await expect.poll(() => page.evaluate(() => 'argusSay' in window)).toBe(true);

    await say('open settings');
    await expect.poll(() => heading(page).textContent()).toBe('Settings');
    await say('high contrast on');
    await expect.poll(() => page.evaluate(() => document.documentElement.className)).toMatch(/high-contrast/);
    await say('font size large');
    await expect.poll(() => page.evaluate(() => document.documentElement.style.fontSize)).toBe('18px');
    await say('go to command');
    // The analyst may not open the command dashboard: the guard sends them to sign in again
    // rather than showing it (docs/specification.md: a role outside the list goes to /login).
    await expect.poll(() => heading(page).textContent()).not.toBe('Command Dashboard');
  });

  it('announces each new screen in a live region and clears it after a second', async () => {
    const page = await openContext();
    await signIn(page, 'Super_Admin');
    await settle(page, 'Operations Home');
    const region = page.locator('#argus-announcer');
    await page.evaluate(() => {
      // A client-side navigation, as a link click would make.
      window.history.pushState({}, '', '/settings');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => region.textContent()).toBe('Opened Settings');
    await expect.poll(() => region.textContent(), { timeout: 3000 }).toBe('');
  });
});

describe('axe-core finds no serious or critical violation', () => {
  it('on the sign-in page and the not-found page', async () => {
    const page = await openContext();
    await page.goto(mainUrl('/login'));
    await settle(page, 'Secure Sign In');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });

  // One test per page and size, so each page has the whole test timeout and a failure names it;
  // one signed-in page per size is shared by its tests.
  describe.each([
    ['phone', false],
    ['desktop', true],
  ])('on every page of the main site, on a %s', (size, desktop) => {
    let page: Page;
    beforeAll(async () => {
      page = await openContext({ desktop });
      await signIn(page, 'Super_Admin');
      await heading(page).filter({ hasText: 'Operations Home' }).waitFor({ timeout: 20_000 });
    });

    it.each(APP_ROUTES.filter((entry) => entry.path !== '/login'))('$path', async (route) => {
      await page.goto(mainUrl(route.path));
      await settle(page, route.title);
      expect(await seriousViolations(page), `${route.path} (${size})`).toEqual([]);
    });

    it('the not-found page', async () => {
      await page.goto(mainUrl('/no/such/page'));
      await settle(page, 'Page not found');
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  it('in high-contrast mode with the accessibility panel open', async () => {
    const page = await openContext();
    await signIn(page, 'Field_Unit');
    await settle(page, 'Field Unit Dashboard');
    await page.evaluate((key) => localStorage.setItem(key, 'true'), ACCESSIBILITY_STORAGE_KEYS.highContrast);
    await page.reload();
    await settle(page, 'Field Unit Dashboard');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Accessibility settings' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Accessibility' }).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('on the error screen', async () => {
    const page = await openContext();
    await page.goto(mainUrl('/login?argus-test-error=1'));
    await expect.poll(() => page.getByRole('button', { name: /retry/i }).count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('on the civic, field and gateway sites', async () => {
    const checks: [string, string, Parameters<typeof signIn>[1] | null][] = [
      ['civic.localhost', 'Civic Reporter', 'Civic_Reporter'],
      ['field.localhost', 'Field Unit Dashboard', 'Field_Unit'],
      ['api.localhost', 'API Gateway', null],
      ['stream.localhost', 'Stream Gateway', null],
    ];
    for (const [host, title, role] of checks) {
      const page = await openContext();
      if (role) await signIn(page, role, host);
      else await page.goto(siteUrl(host, '/'));
      await settle(page, title);
      expect(await seriousViolations(page), host).toEqual([]);
    }
  });
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
});
