/**
 * A refusal a person can act on: the route answers `status` with the translated `messageKey`,
 * attached to `field` on a form. Anything else thrown is a bug and becomes a 500.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429,
    readonly messageKey: string,
    readonly field?: string,
    /** values the message names, e.g. which file was refused */
    readonly values?: Record<string, string | number>,
  ) {
    super(messageKey);
    this.name = "ServiceError";
  }
}
