declare module 'subset-font' {
  /** Keeps only the glyphs `text` needs (with the ligatures and conjuncts they form), in the format asked for. */
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
      preserveNameIds?: number[];
      /** Pins an axis (a number) or narrows it to a range, as hb-subset's axis limits. */
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    },
  ): Promise<Buffer>;
}
