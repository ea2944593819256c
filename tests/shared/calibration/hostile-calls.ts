/**
 * How each exported function of src/shared/calibration meets a 100 KiB hostile string (tests/shared/linear-time.test.ts
 * asks this of every exported function of src/shared): as an id, item id or period in every text it takes, and as
 * the size of every list or number it takes. Keyed as that test keys its CALLS, the barrel index.ts included, so
 * it can spread this map into its own.
 */
import * as agreement from '../../../src/shared/calibration/agreement.js';
import * as certification from '../../../src/shared/calibration/certification.js';
import * as completeItems from '../../../src/shared/calibration/complete-items.js';
import * as distribution from '../../../src/shared/calibration/distribution.js';
import * as fleiss from '../../../src/shared/calibration/fleiss.js';
import * as icc from '../../../src/shared/calibration/icc.js';
import * as input from '../../../src/shared/calibration/input.js';
import * as levels from '../../../src/shared/calibration/levels.js';
import * as pairs from '../../../src/shared/calibration/pairs.js';
import * as reference from '../../../src/shared/calibration/reference.js';
import * as severity from '../../../src/shared/calibration/severity.js';
import * as stat from '../../../src/shared/calibration/stat.js';
import * as t from '../../../src/shared/calibration/t-distribution.js';

type Call = (s: string) => unknown;

const L = [0, 1, 2, 3, 4];
/** One level per character: a list as long as the hostile string. */
const scoresOf = (s: string) => Array.from(s, (c) => L[(c.codePointAt(0) ?? 0) % L.length]);
const pairsOf = (s: string) => scoresOf(s).map((x, i) => [x, L[i % L.length]] as const);
const exercise = (s: string): input.CalibrationInput => ({
  levels: L,
  items: [s, 'x'],
  participants: [
    { id: s, scores: { [s]: 1, x: 2 } },
    { id: 'q', scores: { [s]: 3, x: null } },
    { id: 'r', scores: { [s]: 1, x: 4 } },
  ],
});
const withExpert = (s: string) => ({ ...exercise(s), reference: { [s]: 2 } });

const byFile: Record<string, Record<string, Call>> = {
  'stat.ts': {
    stat: (s) => stat.stat(s.length),
    noStat: (s) => stat.noStat(s as stat.StatReason),
    statReasonMessage: (s) => stat.statReasonMessage(s as stat.StatReason),
    percent: (s) => stat.percent(s.length, s.length + 1),
  },
  'input.ts': { scoreOf: (s) => input.scoreOf({ [s]: 1 }, s) },
  // As many levels as the string is long (a version has at most 7): the index is built once, then looked up.
  'levels.ts': { levelIndex: (s) => levels.levelIndex(Array.from({ length: s.length }, (_, i) => i))(s.length - 1) },
  'reference.ts': {
    lowerMedian: (s) => reference.lowerMedian(scoresOf(s)),
    referenceKind: (s) => reference.referenceKind(withExpert(s)),
    referenceScore: (s) => [reference.referenceScore(exercise(s), s, s), reference.referenceScore(withExpert(s), s)],
  },
  'pairs.ts': {
    pairAgreement: (s) => pairs.pairAgreement(L, pairsOf(s)),
    quadraticKappa: (s) => pairs.quadraticKappa(L, pairsOf(s)),
  },
  'agreement.ts': { calibrationAgreement: (s) => [agreement.calibrationAgreement(exercise(s)), agreement.calibrationAgreement(withExpert(s))] },
  'complete-items.ts': { completeItems: (s) => completeItems.completeItems(exercise(s)) },
  'fleiss.ts': {
    fleissKappaOfCounts: (s) => fleiss.fleissKappaOfCounts(scoresOf(s).map((x) => L.map((l) => (l === x ? 3 : 0)))),
    fleissKappa: (s) => fleiss.fleissKappa(exercise(s)),
  },
  'icc.ts': {
    icc21: (s) => icc.icc21(pairsOf(s)),
    iccAgreement: (s) => icc.iccAgreement(exercise(s)),
  },
  'severity.ts': {
    meanWithInterval: (s) => severity.meanWithInterval(scoresOf(s)),
    severityByItem: (s) => severity.severityByItem(scoresOf(s).map((x, i) => ({ itemId: i % 2 ? s : 'x', score: x, comparison: 2.5 }))),
    departmentSeverityPairs: (s) =>
      severity.departmentSeverityPairs(scoresOf(s).map((x, i) => ({ observerId: i % 3 ? s : 'me', itemId: i % 2 ? s : 'x', score: x })), 'me'),
    selfScoreAgreementByPeriod: (s) =>
      severity.selfScoreAgreementByPeriod(L, scoresOf(s).map((x, i) => ({ period: i % 2 ? s : 'p', observerScore: x, facultyScore: i % 7 ? 2 : null }))),
  },
  't-distribution.ts': {
    logGamma: (s) => t.logGamma(s.length),
    incompleteBeta: (s) => t.incompleteBeta(0.5, s.length, s.length),
    incompleteBetaInverse: (s) => t.incompleteBetaInverse(0.975, s.length / 2, 0.5),
    tCdf: (s) => t.tCdf(2, s.length),
    tPdf: (s) => t.tPdf(2, s.length),
    tQuantile: (s) => [t.tQuantile(0.975, s.length), t.tQuantile(1 / s.length, 0.5)],
  },
  'certification.ts': { certify: (s) => certification.certify(pairs.pairAgreement(L, pairsOf(s))) },
  'distribution.ts': { itemDistributions: (s) => distribution.itemDistributions(exercise(s), s) },
};

export const CALIBRATION_CALLS: Record<string, Call> = Object.fromEntries(
  Object.entries(byFile).flatMap(([file, calls]) =>
    Object.entries(calls).flatMap(([name, call]) => [
      [`calibration/${file}#${name}`, call],
      [`calibration/index.ts#${name}`, call],
    ]),
  ),
);
