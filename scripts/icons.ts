import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

/**
 * `node scripts/icons.ts`: the portal's app icons (public/icons, named by the web app
 * manifest in vite.config.ts), drawn here so that no image tool is needed: a white house
 * on the bureau's blue, inside the central 80% that a maskable icon keeps.
 */
const BRAND = [0x0b, 0x3d, 0x91];
const WHITE = [0xff, 0xff, 0xff];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** The colour of a pixel, in units of the icon's side (0..1). */
function colour(x: number, y: number): number[] {
  const inRoof = y >= 0.22 && y <= 0.47 && Math.abs(x - 0.5) <= (y - 0.22) * 1.2;
  const inBody = y > 0.47 && y <= 0.78 && x >= 0.3 && x <= 0.7;
  const inDoor = y > 0.58 && y <= 0.78 && x >= 0.45 && x <= 0.55;
  return (inRoof || inBody) && !inDoor ? WHITE : BRAND;
}

function png(size: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) row.set(colour((x + 0.5) / size, (y + 0.5) / size), 1 + x * 3);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = path.resolve(import.meta.dirname, '..', 'public', 'icons');
mkdirSync(out, { recursive: true });
for (const size of [192, 512]) writeFileSync(path.join(out, `icon-${size}.png`), png(size));
console.log(`Wrote public/icons/icon-192.png and icon-512.png`);
