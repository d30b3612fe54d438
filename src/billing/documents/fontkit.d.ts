/** The part of fontkit (pdfkit's font engine) that Recur uses: parsing a font once and asking it for glyphs. */
declare module 'fontkit' {
  export interface Font {
    postscriptName: string;
    hasGlyphForCodePoint(codePoint: number): boolean;
    unitsPerEm: number;
    glyphsForString(text: string): { advanceWidth: number }[];
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
