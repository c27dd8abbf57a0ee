/**
 * Demo photos for the seed: stones on a dark tray under the device's lights, drawn into PNGs
 * deterministically from a seed number.
 *
 * A photo is a layout (which stones lie where) seen under one light (a file kind). Stones are
 * placed in the AI overlay's canvas space (3120 × 4192, spec §9) and drawn scaled down to
 * PHOTO_WIDTH × PHOTO_HEIGHT, which keeps that aspect ratio. How a stone looks depends on its
 * type, in ways an image analyzer can measure:
 *
 *   light        N (natural)   CVD            HPHT           CZ             M (moissanite)
 *   Result       white         white          white          whiter, sparkly white
 *   Luv          bright blue   dim orange-red medium teal    dim yellow     inert (dark)
 *   Glowing      faint blue    faint red      strong teal    dark           dark
 *   Coloured     blue          green          red            pink           orange   (= the overlay colours)
 *   Simulants    dim grey      dim grey       dim grey       bright amber   bright amber
 *
 * So under LUV the mean brightness ranks N > HPHT > CZ ≈ CVD > M, and under the coloured light the
 * dominant hue names the type.
 */
import { PNG } from "pngjs";
import sharp from "sharp";
import { FILE_KIND } from "../../../src/api/tests";

export const CANVAS_WIDTH = 3120;
export const CANVAS_HEIGHT = 4192;
export const PHOTO_WIDTH = 585;
export const PHOTO_HEIGHT = 786;
const SCALE = PHOTO_WIDTH / CANVAS_WIDTH;

export const STONE_TYPES = ["N", "CVD", "HPHT", "CZ", "M"] as const;
export type StoneType = (typeof STONE_TYPES)[number];
export const STONE_SHAPES = ["round", "oval", "pear"] as const;
export type StoneShape = (typeof STONE_SHAPES)[number];

/** A stone in canvas space: centre, radius (half its length), shape, orientation and type. */
export interface SeedStone {
  x: number;
  y: number;
  radius: number;
  shape: StoneShape;
  /** Radians; the long axis of ovals and pears. */
  angle: number;
  type: StoneType;
}

export interface TrayLayout {
  index: number;
  stones: SeedStone[];
}

/** The run photo kinds the seed draws (spec §3). */
export const PHOTO_KINDS = [
  FILE_KIND.Result,
  FILE_KIND.Luv,
  FILE_KIND.Glowing,
  FILE_KIND.Coloured,
  FILE_KIND.Original,
  FILE_KIND.OriginalResult,
  FILE_KIND.OriginalColoured,
  FILE_KIND.Simulants,
] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];

/** mulberry32: a small, fast, deterministic PRNG. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COLUMNS = 3;
const ROWS = 4;

/** 4 to 9 stones, each in its own cell of a 3 × 4 grid over the tray, so none overlap. */
export function trayLayout(index: number, seed = 20240611): TrayLayout {
  const random = prng(seed + index * 7919);
  const count = 4 + Math.floor(random() * 6);
  const cells = Array.from({ length: COLUMNS * ROWS }, (_, cell) => cell);
  for (let i = cells.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [cells[i], cells[j]] = [cells[j]!, cells[i]!];
  }
  const cellWidth = (CANVAS_WIDTH - 400) / COLUMNS;
  const cellHeight = (CANVAS_HEIGHT - 400) / ROWS;
  const stones = cells
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((cell): SeedStone => {
      const radius = Math.round(160 + random() * 140);
      const slackX = cellWidth / 2 - radius - 30;
      const slackY = cellHeight / 2 - radius - 30;
      const x = 200 + (cell % COLUMNS) * cellWidth + cellWidth / 2 + (random() * 2 - 1) * slackX;
      const y = 200 + Math.floor(cell / COLUMNS) * cellHeight + cellHeight / 2 + (random() * 2 - 1) * slackY;
      const shape = STONE_SHAPES[Math.floor(random() * STONE_SHAPES.length)]!;
      const type = STONE_TYPES[Math.floor(random() * STONE_TYPES.length)]!;
      return { x: Math.round(x), y: Math.round(y), radius, shape, angle: random() * Math.PI * 2, type };
    });
  return { index, stones };
}

type Rgb = readonly [number, number, number];

interface Light {
  /** Tray colour at its centre and at its rim, and the table around it. */
  tray: Rgb;
  rim: Rgb;
  table: Rgb;
  stone(type: StoneType): Rgb;
  /** How far a stone's light spills onto the tray (0: none). */
  halo(type: StoneType): number;
  sparkle: number;
}

const WHITE: Record<StoneType, Rgb> = {
  N: [225, 228, 232],
  CVD: [222, 224, 226],
  HPHT: [220, 224, 228],
  CZ: [245, 246, 250],
  M: [232, 236, 226],
};
const LUV: Record<StoneType, Rgb> = {
  N: [110, 150, 255],
  CVD: [150, 70, 55],
  HPHT: [60, 170, 170],
  CZ: [140, 130, 60],
  M: [40, 28, 70],
};
const GLOW: Record<StoneType, Rgb> = {
  N: [30, 40, 90],
  CVD: [80, 30, 25],
  HPHT: [70, 215, 200],
  CZ: [14, 14, 18],
  M: [14, 14, 18],
};
/** Spec §3's overlay colours: N blue, CVD green, HPHT red, CZ pink, M orange. */
const COLOURED: Record<StoneType, Rgb> = {
  N: [50, 90, 235],
  CVD: [40, 190, 70],
  HPHT: [225, 45, 40],
  CZ: [240, 110, 190],
  M: [245, 150, 30],
};
const SIMULANT: Record<StoneType, Rgb> = {
  N: [70, 72, 76],
  CVD: [70, 72, 76],
  HPHT: [70, 72, 76],
  CZ: [255, 190, 60],
  M: [255, 180, 40],
};

const pale = (rgb: Rgb, amount: number): Rgb => [
  rgb[0] + (255 - rgb[0]) * amount,
  rgb[1] + (255 - rgb[1]) * amount,
  rgb[2] + (255 - rgb[2]) * amount,
];

const LIGHTS: Record<PhotoKind, Light> = {
  [FILE_KIND.Result]: {
    tray: [34, 35, 40],
    rim: [18, 18, 22],
    table: [58, 56, 54],
    stone: (type) => WHITE[type],
    halo: () => 0,
    sparkle: 1,
  },
  [FILE_KIND.Luv]: {
    tray: [34, 14, 72],
    rim: [16, 6, 40],
    table: [22, 10, 44],
    stone: (type) => LUV[type],
    halo: (type) => (type === "N" || type === "HPHT" ? 0.35 : 0.1),
    sparkle: 0.4,
  },
  [FILE_KIND.Glowing]: {
    tray: [10, 10, 14],
    rim: [4, 4, 6],
    table: [6, 6, 8],
    stone: (type) => GLOW[type],
    halo: (type) => (type === "HPHT" ? 0.45 : 0),
    sparkle: 0,
  },
  [FILE_KIND.Coloured]: {
    tray: [30, 30, 34],
    rim: [14, 14, 16],
    table: [40, 40, 42],
    stone: (type) => COLOURED[type],
    halo: () => 0.08,
    sparkle: 0.6,
  },
  [FILE_KIND.Original]: {
    tray: [52, 50, 54],
    rim: [30, 29, 32],
    table: [96, 88, 80],
    stone: (type) => pale(WHITE[type], -0.12),
    halo: () => 0,
    sparkle: 0.8,
  },
  [FILE_KIND.OriginalResult]: {
    tray: [44, 44, 50],
    rim: [24, 24, 28],
    table: [80, 76, 72],
    stone: (type) => pale(WHITE[type], 0.3),
    halo: () => 0,
    sparkle: 1,
  },
  [FILE_KIND.OriginalColoured]: {
    tray: [40, 40, 44],
    rim: [20, 20, 24],
    table: [70, 68, 66],
    stone: (type) => pale(COLOURED[type], 0.35),
    halo: () => 0.05,
    sparkle: 0.6,
  },
  [FILE_KIND.Simulants]: {
    tray: [24, 24, 28],
    rim: [12, 12, 14],
    table: [30, 30, 32],
    stone: (type) => SIMULANT[type],
    halo: (type) => (type === "CZ" || type === "M" ? 0.25 : 0),
    sparkle: 0.3,
  },
};

const TRAY_MARGIN = 24;

/** The tray under one light, without stones: computed once per light and copied per photo. */
function background(light: Light): Buffer {
  const data = Buffer.alloc(PHOTO_WIDTH * PHOTO_HEIGHT * 3);
  const cx = PHOTO_WIDTH / 2;
  const cy = PHOTO_HEIGHT / 2;
  const corner = 36;
  for (let y = 0; y < PHOTO_HEIGHT; y++) {
    for (let x = 0; x < PHOTO_WIDTH; x++) {
      const offset = (y * PHOTO_WIDTH + x) * 3;
      // Rounded-rectangle tray: distance inside its edge.
      const dx = Math.max(TRAY_MARGIN + corner - x, x - (PHOTO_WIDTH - TRAY_MARGIN - corner), 0);
      const dy = Math.max(TRAY_MARGIN + corner - y, y - (PHOTO_HEIGHT - TRAY_MARGIN - corner), 0);
      const inside = Math.hypot(dx, dy) <= corner;
      let rgb: Rgb;
      if (!inside) {
        rgb = light.table;
      } else {
        const vignette = Math.min(1, Math.hypot((x - cx) / cx, (y - cy) / cy) / 1.3);
        const t = vignette * vignette;
        rgb = [
          light.tray[0] * (1 - t) + light.rim[0] * t,
          light.tray[1] * (1 - t) + light.rim[1] * t,
          light.tray[2] * (1 - t) + light.rim[2] * t,
        ];
      }
      data[offset] = rgb[0];
      data[offset + 1] = rgb[1];
      data[offset + 2] = rgb[2];
    }
  }
  return data;
}

/**
 * Where (u, v) — coordinates along and across the stone's axis, in units of its radius — lies
 * relative to the stone's outline: < 1 inside, 1 on the edge.
 */
function shapeDistance(shape: StoneShape, u: number, v: number): number {
  switch (shape) {
    case "round":
      return Math.hypot(u, v);
    case "oval":
      return Math.hypot(u, v / 0.7);
    case "pear": {
      // A round bottom (u < 0) and a tip narrowing to a point at u = 1.
      if (u <= -0.2) return Math.hypot((u + 0.2) / 0.8, v / 0.68);
      const width = 0.68 * Math.pow(Math.max(0, 1 - (u + 0.2) / 1.2), 0.75);
      return Math.max(Math.abs(v) / Math.max(width, 1e-6), (u + 0.2) / 1.2);
    }
  }
}

function drawStone(data: Buffer, stone: SeedStone, light: Light): void {
  const px = stone.x * SCALE;
  const py = stone.y * SCALE;
  const r = stone.radius * SCALE;
  const colour = light.stone(stone.type);
  const halo = light.halo(stone.type);
  const reach = r * (1 + halo);
  const cos = Math.cos(stone.angle);
  const sin = Math.sin(stone.angle);
  const x0 = Math.max(0, Math.floor(px - reach));
  const x1 = Math.min(PHOTO_WIDTH - 1, Math.ceil(px + reach));
  const y0 = Math.max(0, Math.floor(py - reach));
  const y1 = Math.min(PHOTO_HEIGHT - 1, Math.ceil(py + reach));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const dx = (x - px) / r;
      const dy = (y - py) / r;
      const u = dx * cos + dy * sin;
      const v = -dx * sin + dy * cos;
      const d = shapeDistance(stone.shape, u, v);
      const offset = (y * PHOTO_WIDTH + x) * 3;
      if (d > 1) {
        if (halo === 0 || d > 1 + halo) continue;
        // Fluorescence spilling onto the tray, fading out.
        const a = 0.45 * (1 - (d - 1) / halo) ** 2;
        for (let c = 0; c < 3; c++) data[offset + c] = data[offset + c]! * (1 - a) + colour[c]! * a;
        continue;
      }
      // Facets: a flat table in the middle, eight crown facets around it, a dark girdle.
      let shade: number;
      if (d < 0.42) {
        shade = 0.95;
      } else {
        const sector = Math.floor(((Math.atan2(v, u) + Math.PI) / (2 * Math.PI)) * 8) % 8;
        shade = sector % 2 === 0 ? 0.82 : 0.66;
        if (d > 0.9) shade *= 0.7;
      }
      // Highlight, upper left.
      const glint = Math.hypot(dx + 0.32, dy + 0.32);
      const sparkle = glint < 0.16 ? light.sparkle * (1 - glint / 0.16) : 0;
      // Anti-aliased edge.
      const edge = Math.min(1, (1 - d) * r);
      for (let c = 0; c < 3; c++) {
        const value = Math.min(255, colour[c]! * shade + (255 - colour[c]! * shade) * sparkle);
        data[offset + c] = data[offset + c]! * (1 - edge) + value * edge;
      }
    }
  }
}

const backgrounds = new Map<PhotoKind, Buffer>();

/** The PNG of one layout under one light. */
export function renderPhoto(layout: TrayLayout, kind: PhotoKind): Buffer {
  const light = LIGHTS[kind];
  let base = backgrounds.get(kind);
  if (!base) {
    base = background(light);
    backgrounds.set(kind, base);
  }
  // RGB in, RGB out: pngjs then skips its per-pixel repacking.
  const options = { colorType: 2, inputColorType: 2, inputHasAlpha: false, filterType: 1, deflateLevel: 3 } as const;
  const png = new PNG({ width: PHOTO_WIDTH, height: PHOTO_HEIGHT, ...options });
  png.data = Buffer.from(base);
  for (const stone of layout.stones) drawStone(png.data, stone, light);
  // Sub filter and a fast deflate level: several times quicker than the defaults, files a little larger.
  return PNG.sync.write(png, options);
}

/** Sensor grain: ± this much per channel, from a table of seeded noise (a PRNG call per byte is seconds). */
const GRAIN = 18;
const GRAIN_TABLE_SIZE = 1 << 16;
let grainTable: Int8Array | undefined;
function grain(): Int8Array {
  if (!grainTable) {
    const random = prng(3120);
    grainTable = new Int8Array(GRAIN_TABLE_SIZE);
    for (let i = 0; i < GRAIN_TABLE_SIZE; i++) grainTable[i] = Math.round((random() * 2 - 1) * GRAIN);
  }
  return grainTable;
}

/**
 * One layout under one light as a real device saves it (issue 13): 3120 × 4192 (the canvas, spec
 * §9), a JPEG of a few MB. The drawing is the pool's photo enlarged (drawing 13 megapixels stone
 * by stone would take seconds), with grain so it compresses like a sensor's photo rather than a
 * flat drawing. Deterministic: the same bytes on every seed.
 */
export async function renderDevicePhoto(layout: TrayLayout, kind: PhotoKind): Promise<Buffer> {
  const { data, info } = await sharp(renderPhoto(layout, kind))
    .resize(CANVAS_WIDTH, CANVAS_HEIGHT, { kernel: "cubic" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const table = grain();
  // Clamped: a byte pushed past 0 or 255 stays there.
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  // The table read with a stride that shifts every row, so its period does not show as a pattern.
  for (let i = 0; i < pixels.length; i++)
    pixels[i] = pixels[i]! + table[(i * 7 + (i >>> 13)) & (GRAIN_TABLE_SIZE - 1)]!;
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/**
 * A small, valid one-page PDF written by hand: header, four objects, a cross-reference table with
 * exact byte offsets, and the trailer.
 */
export function demoPdf(title: string): Buffer {
  const safe = title.replace(/[()\\]/g, "").slice(0, 80);
  const content = `BT /F1 18 Tf 72 720 Td (${safe}) Tj 0 -28 Td /F1 11 Tf (Gemtest demo report) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
