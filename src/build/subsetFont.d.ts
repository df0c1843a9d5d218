declare module 'subset-font' {
  /** Keeps only the glyphs `text` needs (with the ligatures and conjuncts they form), in the format asked for. */
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype'; preserveNameIds?: number[] },
  ): Promise<Buffer>;
}
