/** Colour science for checking the chart palette (used by its tests, not by
 * the charts): WCAG contrast, simulated colour-vision deficiency, CIELAB and
 * the CIEDE2000 colour difference.  Written from the published definitions:
 *
 * - sRGB transfer function and primaries: IEC 61966-2-1:1999 (D65 white).
 * - Relative luminance and contrast ratio: WCAG 2.2, "relative luminance" and
 *   "contrast ratio" (the 0.04045 sRGB knee of IEC 61966-2-1).
 * - CVD simulation: G. M. Machado, M. M. Oliveira, L. A. F. Fernandes, "A
 *   Physiologically-based Model for Simulation of Color Vision Deficiency",
 *   IEEE TVCG 15(6), 2009, doi:10.1109/TVCG.2009.113: the precomputed matrices
 *   at severity 1.0 (protanopia, deuteranopia, tritanopia), applied to linear
 *   RGB and clipped to the gamut.
 * - CIELAB: CIE 15:2004 (D65 reference white Xn = 0.95047, Zn = 1.08883).
 * - CIEDE2000: CIE 142-2001, as written out by G. Sharma, W. Wu, E. N. Dalal,
 *   "The CIEDE2000 color-difference formula: implementation notes,
 *   supplementary test data, and mathematical observations", Color Research
 *   and Application 30(1), 2005 (kL = kC = kH = 1). */

export type Rgb = readonly [number, number, number];
export type Lab = readonly [number, number, number];
export type Deficiency = "protanopia" | "deuteranopia" | "tritanopia";
export type Vision = "normal" | Deficiency;
export const DEFICIENCIES: readonly Deficiency[] = ["protanopia", "deuteranopia", "tritanopia"];

/** "#rrggbb" (or "#rgb") -> sRGB components in [0, 1]. */
export function parseHex(hex: string): Rgb {
  const m = hex.trim().match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  return [0, 2, 4].map((k) => Number.parseInt(h.slice(k, k + 2), 16) / 255) as unknown as Rgb;
}

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

export function linearRgb(hex: string): Rgb {
  return parseHex(hex).map(toLinear) as unknown as Rgb;
}

/** WCAG relative luminance of an sRGB colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = linearRgb(hex);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio (1 to 21) of two colours. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Machado et al. (2009), Table of precomputed matrices, severity 1.0 (rows act on linear RGB). */
export const MACHADO_2009: Readonly<Record<Deficiency, readonly Rgb[]>> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

/** The linear RGB a dichromat of `vision` perceives for `hex` (Machado et al. 2009, severity 1). */
export function simulate(hex: string, vision: Vision): Rgb {
  const c = linearRgb(hex);
  if (vision === "normal") return c;
  return MACHADO_2009[vision].map((row) => Math.min(1, Math.max(0, row[0] * c[0] + row[1] * c[1] + row[2] * c[2]))) as unknown as Rgb;
}

const D65 = [0.95047, 1, 1.08883] as const;
const labF = (t: number) => (t > (6 / 29) ** 3 ? Math.cbrt(t) : t / (3 * (6 / 29) ** 2) + 4 / 29);

/** CIELAB (D65) of a linear-RGB colour (IEC 61966-2-1 primaries). */
export function labOfLinear([r, g, b]: Rgb): Lab {
  const x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = 0.0193339 * r + 0.119192 * g + 0.9503041 * b;
  const fx = labF(x / D65[0]);
  const fy = labF(y / D65[1]);
  const fz = labF(z / D65[2]);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

export function lab(hex: string, vision: Vision = "normal"): Lab {
  return labOfLinear(simulate(hex, vision));
}

const deg = (rad: number) => (rad * 180) / Math.PI;
const rad = (d: number) => (d * Math.PI) / 180;

/** CIEDE2000 colour difference (Sharma et al. 2005, eqs. 1-22; kL = kC = kH = 1). */
export function ciede2000(p: Lab, q: Lab): number {
  const [L1, a1, b1] = p;
  const [L2, a2, b2] = q;
  const Cab = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cab ** 7 / (Cab ** 7 + 25 ** 7)));
  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1p = Math.hypot(a1p, b1);
  const C2p = Math.hypot(a2p, b2);
  const hue = (b: number, a: number) => (b === 0 && a === 0 ? 0 : (deg(Math.atan2(b, a)) + 360) % 360);
  const h1p = hue(b1, a1p);
  const h2p = hue(b2, a2p);

  const dLp = L2 - L1;
  const dCp = C2p - C1p;
  let dhp = 0;
  if (C1p * C2p !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(C1p * C2p) * Math.sin(rad(dhp / 2));

  const Lbp = (L1 + L2) / 2;
  const Cbp = (C1p + C2p) / 2;
  let hbp = h1p + h2p;
  if (C1p * C2p !== 0) {
    if (Math.abs(h1p - h2p) <= 180) hbp = (h1p + h2p) / 2;
    else hbp = h1p + h2p < 360 ? (h1p + h2p + 360) / 2 : (h1p + h2p - 360) / 2;
  }
  const T = 1 - 0.17 * Math.cos(rad(hbp - 30)) + 0.24 * Math.cos(rad(2 * hbp)) + 0.32 * Math.cos(rad(3 * hbp + 6)) - 0.2 * Math.cos(rad(4 * hbp - 63));
  const dTheta = 30 * Math.exp(-(((hbp - 275) / 25) ** 2));
  const Rc = 2 * Math.sqrt(Cbp ** 7 / (Cbp ** 7 + 25 ** 7));
  const Sl = 1 + (0.015 * (Lbp - 50) ** 2) / Math.sqrt(20 + (Lbp - 50) ** 2);
  const Sc = 1 + 0.045 * Cbp;
  const Sh = 1 + 0.015 * Cbp * T;
  const Rt = -Math.sin(rad(2 * dTheta)) * Rc;
  return Math.sqrt((dLp / Sl) ** 2 + (dCp / Sc) ** 2 + (dHp / Sh) ** 2 + Rt * (dCp / Sc) * (dHp / Sh));
}

/** ΔE00 between two colours as a viewer with `vision` sees them. */
export function deltaE(a: string, b: string, vision: Vision = "normal"): number {
  return ciede2000(lab(a, vision), lab(b, vision));
}

export interface PairDifference {
  a: string;
  b: string;
  vision: Vision;
  deltaE: number;
}

/** ΔE00 of every pair of `colors` (name -> colour) under normal vision and each simulated deficiency,
 * closest pair first. */
export function pairDifferences(colors: Readonly<Record<string, string>>, visions: readonly Vision[] = ["normal", ...DEFICIENCIES]): PairDifference[] {
  const names = Object.keys(colors);
  const out: PairDifference[] = [];
  for (const vision of visions)
    for (let i = 0; i < names.length; i++)
      for (let j = i + 1; j < names.length; j++)
        out.push({ a: names[i], b: names[j], vision, deltaE: deltaE(colors[names[i]], colors[names[j]], vision) });
  return out.sort((x, y) => x.deltaE - y.deltaE);
}
