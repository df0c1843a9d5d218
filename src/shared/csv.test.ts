import { describe, expect, test } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  test.each([
    ['plain', 'plain'],
    ['Patil, Asha', '"Patil, Asha"'],
    ['He said "yes"', '"He said ""yes"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+919876543210', "'+919876543210"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['मराठी मजकूर', 'मराठी मजकूर'],
  ])('%j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

test('toCsv starts with a UTF-8 byte-order mark and ends every row with CRLF', () => {
  const csv = toCsv(
    ['Name', 'Message'],
    [
      ['Asha', 'Hello, there'],
      ['Ravi', '=1+1'],
    ],
  );
  expect(csv).toBe('\uFEFFName,Message\r\nAsha,"Hello, there"\r\nRavi,\'=1+1\r\n');
});
