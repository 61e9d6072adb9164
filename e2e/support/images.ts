import type { Page } from 'playwright-core';

/** A real JPEG (80 × 60), drawn on a canvas in the page, for tests that attach a photo. */
export async function drawJpeg(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 80;
    canvas.height = 60;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#25262b';
    context.fillRect(0, 0, 80, 60);
    context.fillStyle = '#ff8787';
    context.beginPath();
    context.arc(40, 30, 20, 0, Math.PI * 2);
    context.fill();
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/jpeg', 0.9));
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  return Buffer.from(bytes);
}
