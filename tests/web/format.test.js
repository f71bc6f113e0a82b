// format.test.js — web/format.js, the lab's one formatter, against hand-written strings: three significant
// digits rounded before the unit is picked, binary bytes from 1000 B up, no exponents in counts.
import { describe, expect, it } from 'vitest';

import {
  formatBandwidth, formatBytes, formatCount, formatFlopRate, formatFlops, formatIntensity, formatMs, formatNumber,
  formatSI, formatTime, round,
} from '../../web/format.js';

describe('round / formatNumber', () => {
  it('three significant digits, no exponent for ordinary sizes', () => {
    expect(round(12.345)).toBe(12.3);
    expect(round(0)).toBe(0);
    expect(formatNumber(295.2238805970149)).toBe('295');
    expect(formatNumber(20)).toBe('20');
    expect(formatNumber(0.98)).toBe('0.98');
    expect(formatNumber(0.000123)).toBe('0.000123');
    expect(formatNumber(-1.005)).toBe('-1');
  });
  it('tiny values as a short exponent; non-finite as they are', () => {
    expect(formatNumber(1e-5)).toBe('1e-5');
    expect(formatNumber(1.234e-7)).toBe('1.23e-7');
    expect(formatNumber(NaN)).toBe('NaN');
    expect(formatNumber(-Infinity)).toBe('-Infinity');
  });
});

describe('formatSI', () => {
  it('largest prefix that fits after rounding', () => {
    expect(formatSI(989e12, 'FLOP/s')).toBe('989 TFLOP/s');
    expect(formatSI(1.5e15, 'FLOP')).toBe('1.5 PFLOP');
    expect(formatSI(123456789)).toBe('123 M');
    expect(formatSI(999999)).toBe('1 M');
    expect(formatSI(999.7)).toBe('1 k');
    expect(formatSI(999)).toBe('999');
    expect(formatSI(890000)).toBe('890 k');
    expect(formatSI(1224000)).toBe('1.22 M');
    expect(formatSI(0.5)).toBe('0.5');
    expect(formatSI(0)).toBe('0');
    expect(formatSI(-2500, 'B')).toBe('-2.5 kB');
    expect(formatSI(Infinity, 'B')).toBe('Infinity');
  });
  it('named wrappers', () => {
    expect(formatFlops(962e9)).toBe('962 GFLOP');
    expect(formatFlops(101376)).toBe('101 kFLOP');
    expect(formatFlopRate(67e12)).toBe('67 TFLOP/s');
    expect(formatBandwidth(3.35e12)).toBe('3.35 TB/s');
    expect(formatIntensity(989e12 / 3.35e12)).toBe('295 FLOP/B');
    expect(formatIntensity(67 / 3.35)).toBe('20 FLOP/B');
  });
});

describe('formatBytes', () => {
  it('plain bytes below 1000, binary units from 1000 B up', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1000)).toBe('0.977 KiB');
    expect(formatBytes(1023)).toBe('0.999 KiB');
    expect(formatBytes(1024)).toBe('1 KiB');
    expect(formatBytes(1500)).toBe('1.46 KiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(17664)).toBe('17.3 KiB');
    expect(formatBytes(1048576)).toBe('1 MiB');
    expect(formatBytes(1048575)).toBe('1 MiB');
    expect(formatBytes(1008730112)).toBe('962 MiB');
    expect(formatBytes(5803425792)).toBe('5.4 GiB');
    expect(formatBytes(1099511627776)).toBe('1 TiB');
    expect(formatBytes(2048 * 1099511627776)).toBe('2 PiB');
  });
  it('negatives by magnitude; non-finite as they are', () => {
    expect(formatBytes(-2048)).toBe('-2 KiB');
    expect(formatBytes(-999)).toBe('-999 B');
    expect(formatBytes(NaN)).toBe('NaN');
  });
});

describe('formatCount', () => {
  it('exact below 10,000, SI above, never an exponent', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(45)).toBe('45');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(4096)).toBe('4096');
    expect(formatCount(9999)).toBe('9999');
    expect(formatCount(10000)).toBe('10 k');
    expect(formatCount(2.5)).toBe('2.5');
    expect(formatCount(890123)).toBe('890 k');
    expect(formatCount(1.224e6)).toBe('1.22 M');
    expect(formatCount(134217728)).toBe('134 M');
  });
});

describe('formatTime', () => {
  it('ns, µs, ms or s with three significant digits, rounded before the unit', () => {
    expect(formatTime(0)).toBe('0 s');
    expect(formatTime(4e-6)).toBe('4 µs');
    expect(formatTime(1.234e-9)).toBe('1.23 ns');
    expect(formatTime(9.99e-7)).toBe('999 ns');
    expect(formatTime(9.996e-7)).toBe('1 µs');
    expect(formatTime(0.0123456)).toBe('12.3 ms');
    expect(formatTime(0.9996)).toBe('1 s');
    expect(formatTime(123.456)).toBe('123 s');
    expect(formatTime(3.4770149253731342e-9)).toBe('3.48 ns');
    expect(formatTime(-2e-3)).toBe('-2 ms');
    expect(formatTime(5e-13)).toBe('0.0005 ns');
    expect(formatTime(NaN)).toBe('NaN');
  });
});

describe('formatMs', () => {
  it('at the resolution of the clock', () => {
    expect(formatMs(3.14159)).toBe('3.14 ms');
    expect(formatMs(3.14159, 1)).toBe('3 ms');
    expect(formatMs(0, 1)).toBe('< 1 ms');
    expect(formatMs(0.004)).toBe('< 0.01 ms');
    expect(formatMs(12.5, 0.1)).toBe('12.5 ms');
    expect(formatMs(Infinity)).toBe('Infinity');
  });
});

// the edges make mutate-web found untested (issue 36): each value worked out by hand from the rules above
describe('edges', () => {
  it('round: -0 is 0, non-finite values pass through', () => {
    expect(Object.is(round(-0), 0)).toBe(true);
    expect(round(Infinity)).toBe(Infinity);
    expect(round(-Infinity)).toBe(-Infinity);
    expect(round(NaN)).toBeNaN();
  });
  it('formatNumber: 1e-4 is still plain; an exponent drops its trailing zeros', () => {
    expect(formatNumber(1e-4)).toBe('0.0001');
    expect(formatNumber(0.000012)).toBe('1.2e-5');
  });
  it('formatBytes: exactly 1000 KiB after rounding moves up; PiB is the last unit', () => {
    expect(formatBytes(1000 * 1024)).toBe('0.977 MiB');
    expect(formatBytes(2000 * 1024 ** 5)).toBe('2000 PiB');
  });
  it('formatMs: a resolution of 0 is the default 0.01 ms; a duration of exactly one tick is shown', () => {
    expect(formatMs(5, 0)).toBe('5.00 ms');
    expect(formatMs(1, 1)).toBe('1 ms');
  });
});
