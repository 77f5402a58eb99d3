// Draws the maskable app icons (192 and 512 px) from the favicon's shield, with the whole
// drawing inside the maskable safe zone (the central circle of 80% diameter), on a full-bleed
// background. Usage: node scripts/generate-pwa-icons.mjs (writes src/client/public/icons/).
import { writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';

const BACKGROUND = [0x0f, 0x17, 0x2a];
const SHIELD = [0x25, 0x63, 0xeb];
const CHECK = [0xff, 0xff, 0xff];
const SAMPLES = 4; // 4×4 supersampling for smooth edges

function cubic(p0, p1, p2, p3, steps = 24) {
  const points = [];
  for (let i = 1; i <= steps; i += 1) {
    const t = i / steps;
    const u = 1 - t;
    points.push([0, 1].map((k) => u * u * u * p0[k] + 3 * u * u * t * p1[k] + 3 * u * t * t * p2[k] + t * t * t * p3[k]));
  }
  return points;
}

// The favicon's shield path (64-unit box): M32 10 14 17v13c0 11 7.7 20.6 18 24 10.3-3.4 18-13 18-24V17z
const shield = [[32, 10], [14, 17], [14, 30], ...cubic([14, 30], [14, 41], [21.7, 50.6], [32, 54]), ...cubic([32, 54], [42.3, 50.6], [50, 41], [50, 30]), [50, 17]];
const check = [[27, 32.5], [31, 36.5], [39, 27.5]];
const CHECK_HALF_WIDTH = 2;

function insidePolygon([x, y], polygon) {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const [xi, yi] = polygon[i];
    const [xj, yj] = polygon[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distanceToSegment([x, y], [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

function onCheck(point) {
  return check.slice(1).some((end, i) => distanceToSegment(point, check[i], end) <= CHECK_HALF_WIDTH);
}

function draw(size) {
  const png = new PNG({ width: size, height: size, colorType: 2 });
  // The shield (44 units tall) takes half the icon; its centre (32, 32) sits at the icon's centre.
  const scale = (0.5 * size) / 44;
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy += 1) {
        for (let sx = 0; sx < SAMPLES; sx += 1) {
          const point = [(px + (sx + 0.5) / SAMPLES - size / 2) / scale + 32, (py + (sy + 0.5) / SAMPLES - size / 2) / scale + 32];
          const colour = onCheck(point) ? CHECK : insidePolygon(point, shield) ? SHIELD : BACKGROUND;
          for (let k = 0; k < 3; k += 1) sum[k] += colour[k];
        }
      }
      const index = (py * size + px) * 4;
      for (let k = 0; k < 3; k += 1) png.data[index + k] = Math.round(sum[k] / (SAMPLES * SAMPLES));
      png.data[index + 3] = 255;
    }
  }
  return PNG.sync.write(png, { colorType: 2 });
}

for (const size of [192, 512]) {
  const file = `src/client/public/icons/icon-maskable-${size}.png`;
  writeFileSync(file, draw(size));
  console.log(`wrote ${file}`);
}
