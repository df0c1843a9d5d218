import { describe, expect, it } from 'vitest';
import { breakLongLines } from './markdownLines';

const sentence = (words: number, start = 'Word') => `${start} ${Array.from({ length: words }, (_, index) => `w${index}`).join(' ')}.`;

describe('breakLongLines', () => {
  it('leaves short lines, tables and fenced code as they are', () => {
    const long = 'x '.repeat(300);
    const text = ['# Title', 'A short line.', `| ${long} | cell |`, '```', long, '```', ''].join('\n');
    expect(breakLongLines(text)).toBe(text);
  });

  it('breaks a long paragraph after each sentence, and a list item under its marker', () => {
    const paragraph = [sentence(40, 'One'), sentence(40, 'Two'), sentence(40, 'Three')].join(' ');
    expect(breakLongLines(paragraph, 200).split('\n')).toEqual([sentence(40, 'One'), sentence(40, 'Two'), sentence(40, 'Three')]);
    expect(breakLongLines(`- ${paragraph}`, 200).split('\n')).toEqual([
      `- ${sentence(40, 'One')}`,
      `  ${sentence(40, 'Two')}`,
      `  ${sentence(40, 'Three')}`,
    ]);
    expect(breakLongLines(`12. ${paragraph}`, 200).split('\n')[1]).toBe(`    ${sentence(40, 'Two')}`);
  });

  it('keeps a short lead with its sentence, and does not break before a lower-case word', () => {
    const text = `**Keyboard.** ${sentence(40)} e.g. ${sentence(40, 'word')}`;
    expect(breakLongLines(text, 100)).not.toContain('**Keyboard.**\n');
    expect(breakLongLines(text, 100)).not.toContain('e.g.\n');
  });

  it('breaks a sentence too long for a line at its clauses, never inside code', () => {
    const clause = Array.from({ length: 20 }, (_, index) => `c${index}`).join(' ');
    const text = `Start ${clause}; \`code; with ${clause} inside\`; ${clause}, ${clause}.`;
    const lines = breakLongLines(text, 120).split('\n');
    expect(lines.every((line) => line.length <= 120 || line.includes('`code; with'))).toBe(true);
    expect(lines.some((line) => line.includes('`code; with') && line.includes('inside`'))).toBe(true);
    expect(lines.join(' ')).toBe(text);
  });

  it('never starts a line with what would begin a list, a heading, a quote, a table or HTML', () => {
    const text = `${sentence(30)} - not a list. ${sentence(30)} # not a heading. ${sentence(30)} 1. not a list either. ${sentence(30)} <div> stays. ${sentence(30)}`;
    const lines = breakLongLines(text, 100).split('\n');
    expect(lines.filter((line) => /^(?:[-*+]\s|#|>|\||<|\d+[.)]\s)/.test(line))).toEqual([]);
    expect(lines.join(' ')).toBe(text);
  });
});
