/**
 * Connected components of a binary mask (8-connected: a stone's pixels touching only at a corner
 * still belong together). Each component is one candidate stone.
 */

export interface Component {
  /** 1-based label, as written into the label map. */
  label: number;
  area: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Centroid, in pixels. */
  cx: number;
  cy: number;
  /** The first pixel in raster order (top-most row, then left-most): where contour tracing starts. */
  start: number;
}

export interface Labelling {
  width: number;
  height: number;
  /** 0 for background, else the component's label. */
  labels: Int32Array;
  components: Component[];
}

/**
 * Labels every component by flood fill with an explicit stack (recursion would overflow on a
 * large stone). Raster order makes each component's first pixel its top-left one.
 */
export function labelComponents(mask: Uint8Array, width: number, height: number): Labelling {
  const labels = new Int32Array(mask.length);
  const components: Component[] = [];
  const stack = new Int32Array(mask.length);
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] === 0 || labels[start] !== 0) continue;
    const label = components.length + 1;
    const component: Component = {
      label,
      area: 0,
      minX: width,
      minY: height,
      maxX: -1,
      maxY: -1,
      cx: 0,
      cy: 0,
      start,
    };
    let sumX = 0;
    let sumY = 0;
    let top = 0;
    stack[top++] = start;
    labels[start] = label;
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % width;
      const y = (p - x) / width;
      component.area += 1;
      sumX += x;
      sumY += y;
      if (x < component.minX) component.minX = x;
      if (x > component.maxX) component.maxX = x;
      if (y < component.minY) component.minY = y;
      if (y > component.maxY) component.maxY = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (mask[q] !== 0 && labels[q] === 0) {
            labels[q] = label;
            stack[top++] = q;
          }
        }
      }
    }
    component.cx = sumX / component.area;
    component.cy = sumY / component.area;
    components.push(component);
  }
  return { width, height, labels, components };
}

/**
 * The pixels of a component at least `depth` pixels inside its outline (a square erosion): the
 * stone's body without the anti-aliased rim, whose colour is half tray.
 */
export function interiorPixels(labelling: Labelling, component: Component, depth: number): number[] {
  const { labels, width, height } = labelling;
  const inside: number[] = [];
  const all: number[] = [];
  for (let y = component.minY; y <= component.maxY; y++) {
    for (let x = component.minX; x <= component.maxX; x++) {
      const p = y * width + x;
      if (labels[p] !== component.label) continue;
      all.push(p);
      let deep = true;
      for (let dy = -depth; dy <= depth && deep; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) {
          deep = false;
          break;
        }
        for (let dx = -depth; dx <= depth; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width || labels[ny * width + nx] !== component.label) {
            deep = false;
            break;
          }
        }
      }
      if (deep) inside.push(p);
    }
  }
  // A sliver thinner than the erosion still has a colour worth measuring.
  return inside.length > 0 ? inside : all;
}
