/**
 * The CSV of a batch is split one row at a time from text decoded in pieces (modules/payouts/batch-file.ts), so that a
 * file over the row limit is neither decoded nor split past the row after it (issue 39). A row must not depend on
 * where the pieces happen to end: inside a quoted cell, between a quote and the quote doubling it, between CR and LF.
 */
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../src/lib/random';
import { csvRows } from '../src/modules/payouts/batch-file';

describe('splitting a batch CSV', () => {
  it('reads quotes, doubled quotes, line breaks in quotes, CRLF and the separator of the first line', () => {
    expect([...csvRows(['\uFEFFa;b\r\n"x;""y""\r\nz";2\r\n'])]).toEqual([['a', 'b'], ['x;"y"\r\nz', '2']]);
    expect([...csvRows(['a,b\n1,"2"3\n'])]).toEqual([['a', 'b'], ['1', '23']]);
  });

  it('reads no further than the rows asked for', () => {
    let pieces = 0;
    const lines = function* () {
      for (let i = 0; i < 1000; i++) {
        pieces++;
        yield `${i},x\r\n`;
      }
    };
    const rows = csvRows(lines());
    for (let i = 0; i < 10; i++) rows.next();
    expect(pieces).toBeLessThanOrEqual(11);
  });

  it('gives the same rows whatever pieces the text arrives in', () => {
    const random = mulberry32(39);
    const alphabet = ['a', 'é', ',', ';', '"', '""', '\r', '\n', '\r\n', ' ', '='];
    for (let n = 0; n < 5000; n++) {
      let text = '';
      for (let i = Math.floor(random() * 40); i > 0; i--) text += alphabet[Math.floor(random() * alphabet.length)];
      const pieces: string[] = [];
      for (let at = 0; at < text.length; ) {
        const k = Math.floor(random() * 5);
        pieces.push(text.slice(at, at + k));
        at += k;
      }
      expect([text, [...csvRows(pieces)]]).toEqual([text, [...csvRows([text])]]);
    }
  });
});
