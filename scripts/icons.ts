import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';

/**
 * `node scripts/icons.ts`: the portal's app icons (public/icons, named by the web app
 * manifest in vite.config.ts), drawn here (pngjs writes the files) so that no image tool is needed: a white house
 * on the bureau's blue, inside the central 80% that a maskable icon keeps.
 */
const BRAND = [0x0b, 0x3d, 0x91];
const WHITE = [0xff, 0xff, 0xff];

/** The colour of a pixel, in units of the icon's side (0..1). */
function colour(x: number, y: number): number[] {
  const inRoof = y >= 0.22 && y <= 0.47 && Math.abs(x - 0.5) <= (y - 0.22) * 1.2;
  const inBody = y > 0.47 && y <= 0.78 && x >= 0.3 && x <= 0.7;
  const inDoor = y > 0.58 && y <= 0.78 && x >= 0.45 && x <= 0.55;
  return (inRoof || inBody) && !inDoor ? WHITE : BRAND;
}

function png(size: number): Buffer {
  const image = new PNG({ width: size, height: size, colorType: 2 });
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      image.data.set([...colour((x + 0.5) / size, (y + 0.5) / size), 0xff], (y * size + x) * 4);
  return PNG.sync.write(image, { colorType: 2 });
}

const out = path.resolve(import.meta.dirname, '..', 'public', 'icons');
mkdirSync(out, { recursive: true });
for (const size of [192, 512]) writeFileSync(path.join(out, `icon-${size}.png`), png(size));
console.log(`Wrote public/icons/icon-192.png and icon-512.png`);
