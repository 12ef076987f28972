/**
 * A media file could not be converted or rendered. `message` is a short reason a reader of the
 * transcript can understand; `detail` is the tool's own words, for the log.
 */
export class MediaConversionError extends Error {
  constructor(
    message: string,
    readonly detail: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'MediaConversionError';
  }
}
