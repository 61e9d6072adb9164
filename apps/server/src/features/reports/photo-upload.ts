/** A photo as it arrived: the id the device made, the type it was sent as, its bytes, and when the device took it. */
export interface PhotoUpload {
  photoId: string;
  declaredType: string | undefined;
  bytes: Buffer;
  occurredAt: number | undefined;
}

/** Reads a photo upload off its request (bytes as the body, the id in the path, the device time in the query), for either way of sending one. */
export function photoUploadOf(request: {
  body: unknown;
  headers: { 'content-type'?: string };
  params: { photoId: string };
  query: { occurredAt?: number };
}): PhotoUpload {
  return {
    photoId: request.params.photoId,
    // Only the media type counts; parameters such as a charset say nothing about a photo.
    declaredType: request.headers['content-type']?.split(';')[0]?.trim(),
    bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
    occurredAt: request.query.occurredAt,
  };
}
