import { describe, expect, it } from 'vitest';
import { csvField, csvText, exportFileName } from './csv';

describe('CSV fields', () => {
  it('quotes commas, quotes and line breaks as RFC 4180 says', () => {
    expect(csvField('Archer, Ann')).toBe('"Archer, Ann"');
    expect(csvField('the "lead"')).toBe('"the ""lead"""');
    expect(csvField('one\ntwo')).toBe('"one\ntwo"');
    expect(csvField('plain')).toBe('plain');
  });

  it('never lets a spreadsheet run a field as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField('+1+1')).toBe("'+1+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('\rcmd')).toBe('"\'\rcmd"');
  });

  it('makes a file spreadsheets read as UTF-8, rows ended by CRLF', () => {
    expect(csvText([['a', 'b,c'], ['é']])).toBe('\uFEFFa,"b,c"\r\né\r\n');
  });
});

describe('file names', () => {
  const day = new Date(2026, 2, 4, 12);

  it('are the words, lower-cased and joined by hyphens, then the reader’s day', () => {
    expect(exportFileName(['record', 'Jordan Lee'], day)).toBe('record-jordan-lee-2026-03-04.csv');
    expect(exportFileName(['class', 'Cyber Transport 26-A'], day)).toBe('class-cyber-transport-26-a-2026-03-04.csv');
  });

  it('keep accented letters and drop what a file system refuses', () => {
    expect(exportFileName(['record', 'Zoë O’Brien/..\\x'], day)).toBe('record-zoë-o-brien-x-2026-03-04.csv');
    expect(exportFileName(['***'], day)).toBe('export-2026-03-04.csv');
  });
});
