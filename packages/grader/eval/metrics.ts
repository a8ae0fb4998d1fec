// Agreement statistics for the labelled evaluation, written out so they can be checked by hand.

/** Quadratic weighted kappa between two ratings of the same answers, categories 0 … k-1. */
export function quadraticWeightedKappa(rater: readonly number[], reference: readonly number[], categories: number): number {
  if (rater.length !== reference.length) throw new RangeError("both raters must rate the same answers");
  const n = rater.length;
  if (n === 0) return Number.NaN;
  const observed = Array.from({ length: categories }, () => new Array<number>(categories).fill(0));
  const histRater = new Array<number>(categories).fill(0);
  const histReference = new Array<number>(categories).fill(0);
  for (let i = 0; i < n; i++) {
    const a = rater[i] ?? 0;
    const b = reference[i] ?? 0;
    const row = observed[a];
    if (row) row[b] = (row[b] ?? 0) + 1;
    histRater[a] = (histRater[a] ?? 0) + 1;
    histReference[b] = (histReference[b] ?? 0) + 1;
  }
  let disagreement = 0;
  let expectedDisagreement = 0;
  const scale = (categories - 1) ** 2;
  for (let i = 0; i < categories; i++) {
    for (let j = 0; j < categories; j++) {
      const weight = (i - j) ** 2 / scale;
      disagreement += weight * (observed[i]?.[j] ?? 0);
      expectedDisagreement += (weight * (histRater[i] ?? 0) * (histReference[j] ?? 0)) / n;
    }
  }
  return expectedDisagreement === 0 ? (disagreement === 0 ? 1 : 0) : 1 - disagreement / expectedDisagreement;
}

/** 1-based ranks; ties share the mean of their ranks. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const ranks = new Array<number>(values.length).fill(0);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]?.value === order[i]?.value) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k]?.index ?? 0] = rank;
    i = j + 1;
  }
  return ranks;
}

export function pearson(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  if (n !== y.length) throw new RangeError("both series must have the same length");
  if (n < 2) return Number.NaN;
  const mean = (v: readonly number[]): number => v.reduce((s, a) => s + a, 0) / n;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (x[i] ?? 0) - mx;
    const dy = (y[i] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}

/** Spearman's rank correlation: Pearson on average ranks, so ties are handled. */
export function spearman(x: readonly number[], y: readonly number[]): number {
  return pearson(averageRanks(x), averageRanks(y));
}

export interface PrecisionRecall {
  precision: number;
  recall: number;
  truePositives: number;
  predicted: number;
  actual: number;
}

/** Over sets of labels per answer (e.g. misconception ids). No prediction and nothing to find counts as perfect. */
export function precisionRecall(predicted: readonly (readonly string[])[], actual: readonly (readonly string[])[]): PrecisionRecall {
  let truePositives = 0;
  let predictedCount = 0;
  let actualCount = 0;
  predicted.forEach((labels, index) => {
    const gold = new Set(actual[index] ?? []);
    predictedCount += labels.length;
    actualCount += gold.size;
    for (const label of labels) if (gold.has(label)) truePositives += 1;
  });
  return {
    precision: predictedCount === 0 ? (actualCount === 0 ? 1 : 0) : truePositives / predictedCount,
    recall: actualCount === 0 ? 1 : truePositives / actualCount,
    truePositives,
    predicted: predictedCount,
    actual: actualCount,
  };
}
