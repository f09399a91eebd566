import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  DATE_FIELDS,
  WALL_CLOCK_RE,
  checkQueryRange,
  formatOffset,
  formatWallClock,
  isValidTimeZone,
  parseWallClock,
  shiftWallClock,
  zoneOffsetMinutes,
} from '../src/index';

const iso = (s: string, zone: string) => parseWallClock(s, zone)?.toISOString() ?? null;
const at = (isoString: string) => new Date(isoString);

describe('parseWallClock / formatWallClock', () => {
  it.each([
    ['Asia/Jakarta', '2026-01-15 10:00:00', '2026-01-15T03:00:00.000Z'],
    ['Asia/Yangon', '2026-01-01 00:00:00', '2025-12-31T17:30:00.000Z'],
    ['Asia/Kolkata', '2026-06-01 12:00:00', '2026-06-01T06:30:00.000Z'],
    ['America/Sao_Paulo', '2026-01-15 10:00:00', '2026-01-15T13:00:00.000Z'],
    ['America/Sao_Paulo', '2026-07-15 10:00:00', '2026-07-15T13:00:00.000Z'],
    ['America/Mexico_City', '2026-07-01 12:00:00', '2026-07-01T18:00:00.000Z'],
    ['America/Mexico_City', '2026-01-01 12:00:00', '2026-01-01T18:00:00.000Z'],
    ['UTC', '2026-02-28 23:59:59', '2026-02-28T23:59:59.000Z'],
    ['America/New_York', '2026-07-04 12:00:00', '2026-07-04T16:00:00.000Z'],
    ['America/New_York', '2026-01-04 12:00:00', '2026-01-04T17:00:00.000Z'],
  ])('%s %s', (zone, wall, expected) => {
    expect(iso(wall, zone)).toBe(expected);
    expect(formatWallClock(new Date(expected), zone)).toBe(wall);
  });

  it('date-only means 00:00:00', () => {
    expect(iso('2026-03-01', 'Asia/Jakarta')).toBe('2026-02-28T17:00:00.000Z');
    expect(iso('2026-03-01', 'Asia/Yangon')).toBe('2026-02-28T17:30:00.000Z');
    expect(formatWallClock(at('2026-02-28T17:00:00Z'), 'Asia/Jakarta', false)).toBe('2026-03-01');
  });

  it('DST gap: a time that never existed moves forward by the gap', () => {
    // New York springs forward 2026-03-08 02:00 EST -> 03:00 EDT.
    expect(iso('2026-03-08 02:30:00', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(
      formatWallClock(parseWallClock('2026-03-08 02:30:00', 'America/New_York')!, 'America/New_York'),
    ).toBe('2026-03-08 03:30:00');
    expect(iso('2026-03-08 01:59:59', 'America/New_York')).toBe('2026-03-08T06:59:59.000Z');
    expect(iso('2026-03-08 03:00:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    // Sao Paulo's last DST start (midnight 2018-11-04) was a gap at 00:00.
    expect(iso('2018-11-04 00:30:00', 'America/Sao_Paulo')).toBe('2018-11-04T03:30:00.000Z');
  });

  it('DST overlap: the earlier instant', () => {
    // New York falls back 2026-11-01 02:00 EDT -> 01:00 EST; 01:30 happens twice.
    expect(iso('2026-11-01 01:30:00', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(formatWallClock(at('2026-11-01T06:30:00Z'), 'America/New_York')).toBe('2026-11-01 01:30:00');
    expect(iso('2026-11-01 02:00:00', 'America/New_York')).toBe('2026-11-01T07:00:00.000Z');
  });

  it('rejects invalid dates, formats and zones', () => {
    for (const s of [
      '2026-02-30',
      '2026-02-29 00:00:00',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-01-01 24:00:00',
      '2026-01-01 12:60:00',
      '2026-01-01 12:00:60',
      '2026-1-1',
      '2026-01-01T00:00:00',
      '2026-01-01 00:00',
      ' 2026-01-01',
      '0999-01-01',
      '',
    ])
      expect(parseWallClock(s, 'UTC'), s).toBeNull();
    expect(iso('2028-02-29 12:00:00', 'UTC')).toBe('2028-02-29T12:00:00.000Z');
    expect(parseWallClock('2026-01-01', 'Mars/Olympus')).toBeNull();
    expect(WALL_CLOCK_RE.test('2026-01-01 00:00:00')).toBe(true);
    expect(WALL_CLOCK_RE.test('2026-01-01')).toBe(true);
    expect(() => formatWallClock(new Date(NaN), 'UTC')).toThrow(RangeError);
  });

  it('property: format(parse(s)) == s for every currency zone (no DST in these zones today)', () => {
    let seed = 12345;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (const c of Object.values(CURRENCIES)) {
      for (let i = 0; i < 100; i++) {
        const s = `20${String(20 + rand(20)).padStart(2, '0')}-${String(1 + rand(12)).padStart(2, '0')}-${String(1 + rand(28)).padStart(2, '0')} ${String(rand(24)).padStart(2, '0')}:${String(rand(60)).padStart(2, '0')}:${String(rand(60)).padStart(2, '0')}`;
        const d = parseWallClock(s, c.timeZone);
        expect(d, `${c.timeZone} ${s}`).not.toBeNull();
        expect(formatWallClock(d!, c.timeZone)).toBe(s);
      }
    }
  });
});

describe('zoneOffsetMinutes / isValidTimeZone', () => {
  it('offsets', () => {
    const t = at('2026-06-01T00:00:00Z');
    expect(zoneOffsetMinutes('Asia/Jakarta', t)).toBe(420);
    expect(zoneOffsetMinutes('Asia/Yangon', t)).toBe(390);
    expect(zoneOffsetMinutes('Asia/Kolkata', t)).toBe(330);
    expect(zoneOffsetMinutes('America/Sao_Paulo', t)).toBe(-180);
    expect(zoneOffsetMinutes('America/Mexico_City', t)).toBe(-360);
    expect(zoneOffsetMinutes('UTC', t)).toBe(0);
    expect(zoneOffsetMinutes('America/New_York', t)).toBe(-240);
    expect(zoneOffsetMinutes('America/New_York', at('2026-01-01T00:00:00Z'))).toBe(-300);
  });
  it('format offsets', () => {
    expect(formatOffset(390)).toBe('+06:30');
    expect(formatOffset(-180)).toBe('-03:00');
    expect(formatOffset(0)).toBe('+00:00');
    expect(formatOffset(330)).toBe('+05:30');
  });
  it('valid zones', () => {
    expect(isValidTimeZone('Asia/Yangon')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    for (const c of Object.values(CURRENCIES)) expect(isValidTimeZone(c.timeZone)).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone('x'.repeat(100))).toBe(false);
  });
});

describe('shiftWallClock', () => {
  it('shifts between zones', () => {
    expect(shiftWallClock('2026-01-01 00:00:00', 'Asia/Jakarta', 'America/Sao_Paulo')).toBe(
      '2025-12-31 14:00:00',
    );
    expect(shiftWallClock('2026-01-01 00:00:00', 'Asia/Yangon', 'Asia/Kolkata')).toBe('2025-12-31 23:00:00');
    expect(shiftWallClock('2026-01-01', 'UTC', 'Asia/Jakarta')).toBe('2026-01-01 07:00:00');
    expect(shiftWallClock('2026-05-05 05:05:05', 'Asia/Jakarta', 'Asia/Jakarta')).toBe('2026-05-05 05:05:05');
  });
  it('null on bad input', () => {
    expect(shiftWallClock('2026-02-30 00:00:00', 'UTC', 'Asia/Jakarta')).toBeNull();
    expect(shiftWallClock('2026-01-01 00:00:00', 'Nope/Zone', 'Asia/Jakarta')).toBeNull();
    expect(shiftWallClock('2026-01-01 00:00:00', 'UTC', 'Nope/Zone')).toBeNull();
  });
  it('DATE_FIELDS', () => {
    expect(DATE_FIELDS).toEqual([
      'createTime_begin',
      'createTime_end',
      'createTimeBegin',
      'createTimeEnd',
      'startTime',
      'endTime',
    ]);
  });
});

describe('checkQueryRange', () => {
  const check = (a: string, b: string, months = 1, zone = 'Asia/Jakarta') =>
    checkQueryRange(parseWallClock(a, zone)!, parseWallClock(b, zone)!, zone, months);

  it('order', () => {
    expect(check('2026-02-01', '2026-01-01')).toBe('DATE_START_AFTER_END');
    expect(check('2026-01-01 00:00:01', '2026-01-01 00:00:00')).toBe('DATE_START_AFTER_END');
    expect(check('2026-01-01 00:00:00', '2026-01-01 00:00:00')).toBeNull();
  });
  it('one month from the 15th', () => {
    expect(check('2026-01-15 00:00:00', '2026-02-14 23:59:59')).toBeNull();
    expect(check('2026-01-15 18:00:00', '2026-02-15 00:00:00')).toBeNull();
    expect(check('2026-01-15 00:00:00', '2026-02-15 00:00:01')).toBe('DATE_RANGE_TOO_LONG');
  });
  it('month ends', () => {
    expect(check('2026-01-31 00:00:00', '2026-02-28 23:59:59')).toBeNull();
    expect(check('2026-01-31 00:00:00', '2026-03-01 00:00:00')).toBeNull();
    expect(check('2026-01-31 00:00:00', '2026-03-01 00:00:01')).toBe('DATE_RANGE_TOO_LONG');
    expect(check('2026-03-31', '2026-04-30 23:59:59')).toBeNull();
    expect(check('2026-03-31', '2026-05-01 00:00:01')).toBe('DATE_RANGE_TOO_LONG');
    expect(check('2028-01-29', '2028-02-29 00:00:00')).toBeNull();
    expect(check('2028-01-29', '2028-02-29 00:00:01')).toBe('DATE_RANGE_TOO_LONG');
    expect(check('2025-12-15', '2026-01-15 00:00:00')).toBeNull();
    expect(check('2025-12-15', '2026-01-15 00:00:01')).toBe('DATE_RANGE_TOO_LONG');
  });
  it('three months', () => {
    expect(check('2026-01-31', '2026-04-30 23:59:59', 3)).toBeNull();
    expect(check('2026-01-31', '2026-05-01 00:00:01', 3)).toBe('DATE_RANGE_TOO_LONG');
    expect(check('2026-11-30', '2027-02-28 23:59:59', 3)).toBeNull();
  });
  it('is measured in the given zone', () => {
    // 2026-01-15 00:00 Jakarta is 2026-01-14 17:00 UTC: the same instants are a month + 7 h in UTC terms.
    const start = parseWallClock('2026-01-15 00:00:00', 'Asia/Jakarta')!;
    const end = parseWallClock('2026-02-15 00:00:00', 'Asia/Jakarta')!;
    expect(checkQueryRange(start, end, 'Asia/Jakarta', 1)).toBeNull();
    expect(checkQueryRange(start, end, 'UTC', 1)).toBe('DATE_RANGE_TOO_LONG');
  });
  it('a DST change inside the range does not matter', () => {
    expect(check('2026-03-01 00:00:00', '2026-04-01 00:00:00', 1, 'America/New_York')).toBeNull();
    expect(check('2026-10-15 00:00:00', '2026-11-15 00:00:00', 1, 'America/New_York')).toBeNull();
    expect(check('2026-10-15 00:00:00', '2026-11-15 00:00:01', 1, 'America/New_York')).toBe(
      'DATE_RANGE_TOO_LONG',
    );
  });
});

describe('wallClockFormatter', () => {
  it('matches formatWallClock across zones, half-hour offsets and DST changes', async () => {
    const { wallClockFormatter, formatWallClock } = await import('../src/time');
    const zones = ['Asia/Jakarta', 'Asia/Yangon', 'America/Sao_Paulo', 'America/Mexico_City', 'Australia/Lord_Howe', 'UTC'];
    const start = Date.UTC(2017, 9, 1);
    for (const zone of zones) {
      const fast = wallClockFormatter(zone);
      for (let i = 0; i < 4000; i++) {
        const d = new Date(start + i * 7_777_777 + (i % 60) * 1000);
        expect(fast(d)).toBe(formatWallClock(d, zone));
      }
    }
  });
});

describe('isoWallClockFormatter', () => {
  it('formats ISO text as wallClockFormatter formats its instant, across zones, DST changes and odd input', async () => {
    const { isoWallClockFormatter, formatWallClock } = await import('../src/time');
    const zones = ['Asia/Jakarta', 'Asia/Yangon', 'America/Sao_Paulo', 'America/Mexico_City', 'Australia/Lord_Howe', 'UTC'];
    const start = Date.UTC(2017, 9, 1);
    for (const zone of zones) {
      const fast = isoWallClockFormatter(zone);
      for (let i = 0; i < 4000; i++) {
        const d = new Date(start + i * 7_777_777 + (i % 60) * 1000 + (i % 1000));
        expect(fast(d.toISOString())).toBe(formatWallClock(d, zone));
        // The same minute again, another second: served from the minute's entry.
        const next = new Date(d.getTime() - (d.getTime() % 60_000) + 59_999);
        expect(fast(next.toISOString())).toBe(formatWallClock(next, zone));
      }
      // Not the canonical form (an offset, no milliseconds): read as a Date.
      expect(fast('2026-11-25T10:00:00+07:00')).toBe(formatWallClock(new Date('2026-11-25T03:00:00Z'), zone));
    }
  });
});
