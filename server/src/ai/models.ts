/**
 * The AI models (spec §3: RAMI, NAOMI, YORI) are versioned configurations of one analyzer: how it
 * cuts stones from the tray, how finely it draws their outlines, and how much it trusts each
 * light when telling types apart. Every model has a current version, which new jobs run; a
 * result made by any other version is reported with isGeneratedWithLatestVersion false, so the
 * console offers Regenerate.
 *
 * To release a new version: add its configuration under `versions`, point `current` at it, and
 * keep the older entries (they document what old results were made with).
 */
import { AI_MODELS, type AiModel, type StoneType } from "../../../src/api/ai";
import type { Rgb } from "./features";
import type { ClassifyingLight } from "./lights";
import type { ThresholdSettings } from "./threshold";

export interface AnalyzerConfig {
  threshold: ThresholdSettings;
  /** Components smaller than this fraction of the photo are specks, not stones. */
  minAreaFraction: number;
  /** Douglas–Peucker tolerance, in photo pixels: larger gives fewer, coarser points. */
  simplifyTolerance: number;
  /** How far inside its outline a stone's colour is measured (the rim is half tray). */
  erosion: number;
  /** How much each light counts when comparing a stone with the reference appearances. */
  weights: Record<ClassifyingLight, number>;
}

export interface ModelDefinition {
  current: string;
  versions: Record<string, AnalyzerConfig>;
}

/**
 * How each stone type answers each light, relative to its brightness under white light (see
 * features.ts) — the reference appearances every model compares stones with:
 *   Luv: natural stones fluoresce bright blue, HPHT teal, CVD a dim orange-red, CZ a dim yellow;
 *        moissanite stays inert.
 *   Glowing (phosphorescence after the UV is off): HPHT glows strong teal, natural faint blue,
 *        CVD faint red; the simulants stay dark.
 *   Coloured: the device's filter set shows each type in its own hue.
 *   Simulants: CZ and moissanite light up amber; diamonds stay a dim grey.
 */
export const REFERENCE_APPEARANCE: Record<StoneType, Record<ClassifyingLight, Rgb>> = {
  N: { luv: [0.5, 0.65, 1.1], glowing: [0.13, 0.18, 0.4], coloured: [0.22, 0.4, 1.0], simulants: [0.3, 0.32, 0.33] },
  CVD: {
    luv: [0.65, 0.3, 0.25],
    glowing: [0.35, 0.13, 0.11],
    coloured: [0.18, 0.8, 0.3],
    simulants: [0.3, 0.32, 0.33],
  },
  HPHT: {
    luv: [0.25, 0.75, 0.75],
    glowing: [0.3, 0.95, 0.9],
    coloured: [1.0, 0.2, 0.18],
    simulants: [0.3, 0.32, 0.33],
  },
  CZ: { luv: [0.6, 0.55, 0.25], glowing: [0.06, 0.06, 0.08], coloured: [1.0, 0.48, 0.8], simulants: [1.1, 0.8, 0.25] },
  M: { luv: [0.15, 0.1, 0.3], glowing: [0.06, 0.06, 0.08], coloured: [1.05, 0.65, 0.13], simulants: [1.1, 0.78, 0.18] },
};

const TRAY: ThresholdSettings = { fraction: 0.3, backgroundPercentile: 0.5, minContrast: 40 };

export const MODELS: Record<AiModel, ModelDefinition> = {
  // The all-rounder: every light, fine outlines.
  RAMI: {
    current: "2.1",
    versions: {
      "1.0": {
        threshold: { ...TRAY, fraction: 0.5 },
        minAreaFraction: 0.0005,
        simplifyTolerance: 3,
        erosion: 1,
        weights: { luv: 1, glowing: 1, coloured: 0, simulants: 1 },
      },
      "2.1": {
        threshold: TRAY,
        minAreaFraction: 0.0005,
        simplifyTolerance: 1.5,
        erosion: 2,
        weights: { luv: 1, glowing: 1, coloured: 1.5, simulants: 1 },
      },
    },
  },
  // Fluorescence only: does without the coloured filter set (older devices lack it).
  NAOMI: {
    current: "1.3",
    versions: {
      "1.3": {
        threshold: TRAY,
        minAreaFraction: 0.0005,
        simplifyTolerance: 2,
        erosion: 2,
        weights: { luv: 1.5, glowing: 1.2, coloured: 0, simulants: 1 },
      },
    },
  },
  // Colour first: leans on the coloured filter set, with coarser outlines.
  YORI: {
    current: "0.9",
    versions: {
      "0.9": {
        threshold: { ...TRAY, fraction: 0.35 },
        minAreaFraction: 0.0008,
        simplifyTolerance: 2.5,
        erosion: 3,
        weights: { luv: 0.5, glowing: 0.3, coloured: 2, simulants: 0.5 },
      },
    },
  },
};

/** Spec §3 lists the models in the console's order; the first is the default (docs/decisions.md). */
export const DEFAULT_MODEL: AiModel = AI_MODELS[0];

export const currentVersion = (model: AiModel): string => MODELS[model].current;

export function configOf(model: AiModel, version = currentVersion(model)): AnalyzerConfig {
  const config = MODELS[model].versions[version];
  if (!config) throw new Error(`${model} has no version ${version}`);
  return config;
}

/** Whether a job's model version is its model's current one (spec §3 isGeneratedWithLatestVersion). */
export const isLatestVersion = (model: AiModel, version: string): boolean => MODELS[model].current === version;
