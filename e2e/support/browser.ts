import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import type { Role } from '@argus/contracts/roles';
import { ACCOUNTS, E2E_PASSWORD } from './accounts';

/**
 * Debian's Chromium, headless, with software WebGL for the maps. 2D canvases are drawn by the page
 * itself, as Chromium does on a machine without a GPU: left on SwiftShader, every canvas shares one
 * emulated GPU thread with the maps, and the production page's 720p program canvas kept a page
 * from answering for 20 s on two cores.
 */
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-accelerated-2d-canvas',
];

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * Live-video tests: a fake camera and microphone (a moving test pattern and a beep), permission
 * granted without a prompt, and ICE candidates on loopback so the embedded SFU is reachable.
 */
export const MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--allow-loopback-in-peer-connection'];

export function launchMediaBrowser(): Promise<Browser> {
  return launchBrowser(MEDIA_ARGS);
}

/** A URL on one of the Argus sites; `*.localhost` reaches loopback in Chromium. */
export function siteUrl(host: string, pathname = '/'): string {
  return `http://${host}:${inject('port')}${pathname}`;
}

export const mainUrl = (pathname = '/') => siteUrl('localhost', pathname);

/** A phone-sized portrait context by default: the product is portrait-first. */
export function newContext(browser: Browser, options: { desktop?: boolean } = {}): Promise<BrowserContext> {
  return browser.newContext(
    options.desktop
      ? { viewport: { width: 1366, height: 900 } }
      : { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  );
}

export async function signIn(page: Page, role: Role, host = 'localhost'): Promise<void> {
  await page.goto(siteUrl(host, '/login'));
  await page.getByLabel('Email').fill(ACCOUNTS[role].email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const artifacts = path.resolve('.e2e-artifacts');

/**
 * Screenshots for people to look at; kept out of git. They assert nothing, so one that a starved
 * compositor cannot deliver in time (pages playing several videos on two shared cores) is
 * reported and skipped rather than failing a test whose assertions all passed.
 */
export async function screenshot(page: Page, name: string, of?: Locator): Promise<void> {
  fs.mkdirSync(artifacts, { recursive: true });
  try {
    // `of`: just that part of a long page (a settings section), scrolled into view.
    if (of) await of.screenshot({ path: path.join(artifacts, `${name}.png`), timeout: 15_000 });
    else await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true, timeout: 15_000 });
  } catch (error) {
    console.warn(`screenshot ${name} skipped: ${(error as Error).message.split('\n')[0]}`);
  }
}
