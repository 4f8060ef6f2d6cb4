import { describe, expect, it } from 'vitest';
import { stringScalarText } from './scalar-text.js';

describe('stringScalarText', () => {
  it('keeps a plain scalar plain when the text reads back as the same string', () => {
    expect(stringScalarText('recreate', 'recreate', 'Recreate')).toBe('Recreate');
    expect(stringScalarText('x', 'x', 'collector.example.com:4317')).toBe('collector.example.com:4317');
  });

  it('quotes a plain replacement that would change type or break the YAML', () => {
    for (const text of [
      '[::1]:4317',
      'on',
      'yes',
      '1.0',
      '0777',
      'a, b',
      'a # b',
      'k: v',
      '*ref',
      '- x',
      '',
      ' lead',
      'null',
      '~',
    ]) {
      expect(stringScalarText('x', 'x', text)).toBe(JSON.stringify(text));
    }
  });

  it('keeps the quote style of a quoted scalar', () => {
    expect(stringScalarText('"http://[::1]:4317"', 'http://[::1]:4317', '[::1]:4317')).toBe('"[::1]:4317"');
    expect(stringScalarText("'GET'", 'GET', "it's")).toBe("'it''s'");
  });

  it('writes a fix for a value that is not a string as given', () => {
    expect(stringScalarText('0', 0, '10')).toBe('10');
  });
});
