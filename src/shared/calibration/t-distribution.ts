/**
 * Student's t distribution for the confidence intervals of severity.ts, written here so src/shared needs no
 * numerical library (docs/calibration-statistics.md). The regularised incomplete beta function I_x(a, b) by its
 * continued fraction (modified Lentz), ln Γ by Lanczos' series, the inverse of I_x by Newton's method kept inside a
 * bisection bracket, and the t quantile from that inverse, polished by Newton steps on the t CDF. Checked against
 * scipy.special.betainc / betaincinv and scipy.stats.t to 1e-9 (tests/shared/calibration/t-distribution.test.ts).
 */

const LANCZOS_G = 7;
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0];
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i] / (z + i);
  const t = z + LANCZOS_G + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

/** The continued fraction of I_x(a, b) (Numerical Recipes §6.4, modified Lentz). */
function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 10_000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return h;
}

/**
 * I_x(a, b) with y = 1 − x passed separately, so a caller that knows 1 − x more precisely than the subtraction
 * (the t CDF near 0) keeps that precision.
 */
function incompleteBetaXY(x: number, y: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (y <= 0) return 1;
  const front = Math.exp(a * Math.log(x) + b * Math.log(y) - logBeta(a, b));
  return x < (a + 1) / (a + b + 2) ? (front * betaContinuedFraction(x, a, b)) / a : 1 - (front * betaContinuedFraction(y, b, a)) / b;
}

/** The regularised incomplete beta function I_x(a, b), a, b > 0, 0 ≤ x ≤ 1. */
export function incompleteBeta(x: number, a: number, b: number): number {
  return incompleteBetaXY(x, 1 - x, a, b);
}

/** The x in [0, 1] with I_x(a, b) = p. */
export function incompleteBetaInverse(p: number, a: number, b: number): number {
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  const lnB = logBeta(a, b);
  let lo = 0;
  let hi = 1;
  let x = 0.5;
  for (let i = 0; i < 400; i++) {
    const f = incompleteBeta(x, a, b) - p;
    if (f === 0) return x;
    if (f < 0) lo = x;
    else hi = x;
    const density = Math.exp((a - 1) * Math.log(x) + (b - 1) * Math.log1p(-x) - lnB);
    let next = x - f / density;
    // Newton leaves the bracket (or the density under- or overflows) near a steep or flat end: bisect instead.
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - x) <= 1e-16 * Math.max(x, 1e-300) || hi - lo <= 1e-17 * Math.max(x, 1e-300)) return next;
    x = next;
  }
  return x;
}

/** P(T ≤ t) for Student's t with df > 0 degrees of freedom. */
export function tCdf(t: number, df: number): number {
  if (t === 0) return 0.5;
  const t2 = t * t;
  // P(|T| > |t|) = I_{df/(df+t²)}(df/2, 1/2); 1 − x is given as t²/(df + t²), exact near t = 0.
  const twoTail = incompleteBetaXY(df / (df + t2), t2 / (df + t2), df / 2, 0.5);
  return t > 0 ? 1 - twoTail / 2 : twoTail / 2;
}

/** The density of Student's t. */
export function tPdf(t: number, df: number): number {
  return Math.exp(-logBeta(0.5, df / 2) - 0.5 * Math.log(df) - ((df + 1) / 2) * Math.log1p((t * t) / df));
}

/**
 * The degrees of freedom the quantile is checked for (tests/shared/calibration/t-distribution.test.ts). Below, the
 * tails grow past the range of a double; above, the CDF's own rounding exceeds 1e-9. A severity interval over n
 * values uses n − 1, at least 1.
 */
export const T_DF_RANGE = { min: 0.5, max: 1e7 } as const;

/** The p-quantile of Student's t, 0 < p < 1, df within T_DF_RANGE. */
export function tQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1) || !(df >= T_DF_RANGE.min && df <= T_DF_RANGE.max)) {
    throw new RangeError(`t quantile needs 0 < p < 1 and ${T_DF_RANGE.min} ≤ df ≤ ${T_DF_RANGE.max} (p=${p}, df=${df})`);
  }
  if (p === 0.5) return 0;
  const twoTail = 2 * Math.min(p, 1 - p);
  // x = df/(df + t²) solves I_x(df/2, 1/2) = twoTail. Near p = 0.5, x is close to 1 and t² = df(1 − x)/x loses
  // digits: solve for y = 1 − x from the complementary I_y(1/2, df/2) = 1 − twoTail instead.
  let t2: number;
  if (twoTail < 0.5) {
    const x = incompleteBetaInverse(twoTail, df / 2, 0.5);
    t2 = (df * (1 - x)) / x;
  } else {
    const y = incompleteBetaInverse(1 - twoTail, 0.5, df / 2);
    t2 = (df * y) / (1 - y);
  }
  let t = (p > 0.5 ? 1 : -1) * Math.sqrt(t2);
  // Two Newton steps on the CDF take the last digits the inversion leaves.
  for (let i = 0; i < 2; i++) {
    const step = (tCdf(t, df) - p) / tPdf(t, df);
    if (!Number.isFinite(step)) break;
    t -= step;
  }
  return t;
}
