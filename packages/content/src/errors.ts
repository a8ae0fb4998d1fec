/** Base of the errors this package throws. Bad content never throws: only unusable arguments do. */
export class ContentError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ContentError";
  }
}

/** A path given to parseBank / parseFiles / loadBank that cannot be read at all. */
export class ContentPathError extends ContentError {
  constructor(
    readonly path: string,
    options?: ErrorOptions,
  ) {
    super(`cannot read ${path}`, options);
    this.name = "ContentPathError";
  }
}
