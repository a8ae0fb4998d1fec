// Odd chart data never throws (it is clamped); these report what clamping cannot fix:
// a broken install or a renderer failure, so callers can log them and reply without a picture.

export class ChartsError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ChartsError";
  }
}

/** A Chinese font file that `pnpm install` puts in node_modules is missing or unreadable. */
export class ChartFontMissingError extends ChartsError {
  readonly fontFile: string;
  constructor(fontFile: string, options?: ErrorOptions) {
    super(`Chinese font file missing or unreadable: ${fontFile} (run pnpm install)`, options);
    this.name = "ChartFontMissingError";
    this.fontFile = fontFile;
  }
}

/** The renderer rejected the chart; the cause holds its own error. */
export class ChartRenderError extends ChartsError {
  constructor(options?: ErrorOptions) {
    super("Chart rendering failed", options);
    this.name = "ChartRenderError";
  }
}
