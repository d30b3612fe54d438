import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';

/**
 * The document fonts, from npm (no system font: a document renders the same right after
 * `npm ci` on any machine): Noto Sans (Latin with every accent, Greek, Cyrillic), regular and
 * bold, and Noto Sans JP (Japanese kana and kanji) (TrueType outlines: subsetting them is cheap) as the fallback for the characters Noto Sans
 * lacks. Parsed once per process; each document embeds only the glyphs it uses (pdfkit subsets).
 */
export type FontFace = 'regular' | 'bold' | 'cjk';

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) => join(dirname(require.resolve(pkg)), '..', 'fonts', file);

const FILES: Record<FontFace, string> = {
  regular: fontFile('@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'),
  bold: fontFile('@embedpdf/fonts-latin', 'NotoSans-Bold.ttf'),
  cjk: join(dirname(require.resolve('@expo-google-fonts/noto-sans-jp/package.json')), '400Regular', 'NotoSansJP_400Regular.ttf'),
};

let loaded: Record<FontFace, fontkit.Font> | null = null;

/** The parsed fonts (read from disk on first use). */
export function documentFonts(): Record<FontFace, fontkit.Font> {
  loaded ??= {
    regular: fontkit.create(readFileSync(FILES.regular)),
    bold: fontkit.create(readFileSync(FILES.bold)),
    cjk: fontkit.create(readFileSync(FILES.cjk)),
  };
  return loaded;
}

const coverage = new Map<string, FontFace>();

/** The face that draws a character: the primary one where it has the glyph (or neither has; or a space), else the Japanese one. */
function faceFor(char: string, primary: 'regular' | 'bold'): FontFace {
  const key = primary === 'bold' ? `b${char}` : char;
  let face = coverage.get(key);
  if (face === undefined) {
    const fonts = documentFonts();
    const cp = char.codePointAt(0)!;
    face = fonts[primary].hasGlyphForCodePoint(cp) || !fonts.cjk.hasGlyphForCodePoint(cp) || /\s/.test(char) ? primary : 'cjk';
    if (coverage.size >= 50_000) coverage.clear();
    coverage.set(key, face);
  }
  return face;
}

/** A piece of text drawn in one face. */
export interface TextRun {
  face: FontFace;
  text: string;
}

/**
 * Splits text into runs by glyph coverage: each character in the primary face (regular or bold)
 * where it has a glyph, else in the Japanese face (which also covers CJK punctuation and
 * full-width forms). A character neither has stays in the primary face (drawn as its .notdef).
 */
export function textRuns(text: string, primary: 'regular' | 'bold'): TextRun[] {
  const runs: TextRun[] = [];
  for (const char of text) {
    const face = faceFor(char, primary);
    const last = runs[runs.length - 1];
    if (last && last.face === face) last.text += char;
    else runs.push({ face, text: char });
  }
  return runs;
}

const widths = new Map<string, number>();

/** A run's width in points at a size: the sum of its glyphs' advances, unshaped (as render-pdf.ts draws it); memoized. */
export function textWidth(face: FontFace, text: string, size: number): number {
  const key = `${face}\u0000${text}`;
  let units = widths.get(key);
  if (units === undefined) {
    const font = documentFonts()[face];
    units = font.glyphsForString(text).reduce((sum, glyph) => sum + glyph.advanceWidth, 0) / font.unitsPerEm;
    if (widths.size >= 50_000) widths.clear();
    widths.set(key, units);
  }
  return units * size;
}
