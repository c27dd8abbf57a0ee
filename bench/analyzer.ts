/**
 * The AI analyzer's speed (`npm run bench:ai`): milliseconds per photo over the seed's pool of
 * tray photos (drawn here exactly as the seed draws them), per model, split into decoding the
 * run's PNGs and analysing them. Prints the median and spread (min–max) of the rounds, writes them to
 * bench/results/latest.json under "analyzer"; asserts nothing.
 */
import { FILE_KIND } from "../src/api/tests";
import { AI_MODELS } from "../src/api/ai";
import { analyzeTray, type TrayPhotos } from "../server/src/ai/analyzer";
import { decodePhoto } from "../server/src/ai/image";
import { configOf, currentVersion } from "../server/src/ai/models";
import { renderPhoto, trayLayout, PHOTO_HEIGHT, PHOTO_WIDTH, type PhotoKind } from "../server/src/db/seedPhotos";
import { PHOTO_POOL_SIZE } from "../server/src/db/seedTests";
import { figures, recordResults, showFigures, type Figures } from "./results";
import { sized } from "./smoke";

const ROUNDS = sized(5, 1);
/** Trays analysed per round: the seed's whole pool, or two in a smoke run. */
const TRAYS = sized(PHOTO_POOL_SIZE, 2);
/** The photos one analysis reads: the Result photo and four lights. */
const KINDS = [FILE_KIND.Result, FILE_KIND.Luv, FILE_KIND.Glowing, FILE_KIND.Coloured, FILE_KIND.Simulants] as const;

const pool = Array.from({ length: TRAYS }, (_, layout) => {
  const tray = trayLayout(layout);
  return { stones: tray.stones.length, pngs: KINDS.map((kind) => renderPhoto(tray, kind as PhotoKind)) };
});

async function decode(pngs: Buffer[]): Promise<TrayPhotos> {
  const [result, luv, glowing, coloured, simulants] = await Promise.all(pngs.map((png) => decodePhoto(png, "bench")));
  return { result: result!, lights: { luv, glowing, coloured, simulants } };
}

// Warm-up: the first runs pay for JIT compilation.
for (const { pngs } of pool.slice(0, 3)) analyzeTray(await decode(pngs), configOf("RAMI"));

console.log(
  `AI analyzer: ${TRAYS} trays of ${PHOTO_WIDTH}×${PHOTO_HEIGHT} px, ` +
    `${pool.reduce((sum, tray) => sum + tray.stones, 0)} stones, ${KINDS.length} photos per analysis, median (min–max) of ${ROUNDS} rounds`,
);

const decodeTimes: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const started = performance.now();
  for (const { pngs } of pool) await decode(pngs);
  decodeTimes.push((performance.now() - started) / (TRAYS * KINDS.length));
}
const decodeMs = figures(decodeTimes);
console.log(`  decode PNG                 ${showFigures(decodeMs, "ms", 2)} per photo`);
const analyseMs: Record<string, Figures> = {};

const decoded = await Promise.all(pool.map(({ pngs }) => decode(pngs)));
for (const model of AI_MODELS) {
  const config = configOf(model);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    for (const photos of decoded) analyzeTray(photos, config);
    times.push((performance.now() - started) / TRAYS);
  }
  const perTray = figures(times);
  analyseMs[model] = perTray;
  const label = `${model} ${currentVersion(model)}`.padEnd(12);
  console.log(
    `  analyse, ${label}     ${showFigures(perTray, "ms", 2)} per Result photo ` +
      `(median ${(perTray.median / KINDS.length).toFixed(2)} ms per photo read; with decoding ${(perTray.median + decodeMs.median * KINDS.length).toFixed(1)} ms per analysis)`,
  );
}
recordResults("analyzer", {
  measuredAt: new Date().toISOString(),
  trays: TRAYS,
  photosPerAnalysis: KINDS.length,
  decodeMsPerPhoto: decodeMs,
  analyseMsPerResultPhoto: analyseMs,
});
