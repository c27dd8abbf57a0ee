/**
 * The device's lights the analyzer uses, by test file kind (spec §3). The Result photo finds the
 * stones; the others tell them apart.
 */
import { FILE_KIND } from "../../../src/api/tests";

/** The lights whose colour inside a stone says what the stone is. */
export const CLASSIFYING_LIGHTS = ["luv", "glowing", "coloured", "simulants"] as const;
export type ClassifyingLight = (typeof CLASSIFYING_LIGHTS)[number];

export const LIGHT_KIND: Record<ClassifyingLight, number> = {
  luv: FILE_KIND.Luv,
  glowing: FILE_KIND.Glowing,
  coloured: FILE_KIND.Coloured,
  simulants: FILE_KIND.Simulants,
};

export const LIGHT_LABEL: Record<ClassifyingLight | "result", string> = {
  result: "Result",
  luv: "Luv",
  glowing: "Glowing",
  coloured: "Coloured",
  simulants: "Simulants",
};
