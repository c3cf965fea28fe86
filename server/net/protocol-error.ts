// An error a protocol answers with its own status, error name and headers; each protocol shapes the body its way.
export class ProtocolError extends Error {
  constructor(
    readonly status: number,
    /** The protocol's name for the error (Appwrite's `type`, GoTrue's `error_code`). */
    readonly kind: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
