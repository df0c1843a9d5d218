/** Characters that make Excel and other spreadsheets treat a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: quoted when it holds a comma, quote or line break, with quotes doubled,
 * and with a leading ' when it would otherwise start a formula (CSV injection).
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV file that opens cleanly in Excel: UTF-8 with a byte-order mark, CRLF line ends. */
export function toCsv(headers: string[], rows: string[][]): string {
  return `\uFEFF${[headers, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
