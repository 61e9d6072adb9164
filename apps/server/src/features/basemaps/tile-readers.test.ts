import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openMbtiles } from './mbtiles-archive';
import { TileReaders } from './tile-readers';

/** A one-tile raster MBTiles on disk. */
function mbtilesFile(folder: string, name: string, tile: Buffer): string {
  const file = path.join(folder, name);
  const db = new Database(file);
  db.exec('CREATE TABLE metadata (name TEXT, value TEXT); CREATE TABLE tiles (zoom_level, tile_column, tile_row, tile_data BLOB)');
  db.prepare("INSERT INTO metadata VALUES ('format', 'png')").run();
  db.prepare('INSERT INTO tiles VALUES (0, 0, 0, ?)').run(tile);
  db.close();
  return file;
}

describe('the open tile readers', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-readers-'));
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('keeps at most its capacity open, closing the least recently used, and closes one on request', async () => {
    const readers = new TileReaders(2);
    const files = ['a', 'b', 'c'].map((name) => mbtilesFile(folder, `${name}.mbtiles`, Buffer.from(name)));
    let opened = 0;
    const open = (index: number) => () => {
      opened += 1;
      return Promise.resolve(openMbtiles(files[index]!));
    };
    const a = await readers.get('a', open(0));
    const b = await readers.get('b', open(1));
    expect(await readers.get('a', open(0))).toBe(a);
    // a was used last, so b makes room for c.
    const c = await readers.get('c', open(2));
    await new Promise((resolve) => setImmediate(resolve));
    await expect(b.tile(0, 0, 0)).rejects.toThrow(/not open/);
    expect((await a.tile(0, 0, 0))?.data.toString()).toBe('a');
    expect((await c.tile(0, 0, 0))?.data.toString()).toBe('c');
    expect(opened).toBe(3);

    await readers.close('a');
    await expect(a.tile(0, 0, 0)).rejects.toThrow(/not open/);
    expect((await (await readers.get('a', open(0))).tile(0, 0, 0))?.data.toString()).toBe('a');
    expect(opened).toBe(4);
    await readers.closeAll();
    await expect(c.tile(0, 0, 0)).rejects.toThrow(/not open/);
  });
});
