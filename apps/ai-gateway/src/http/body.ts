import type { IncomingMessage } from 'node:http';
import { GatewayError } from '../errors.js';

/**
 * Reads a request body, refusing it (413 `request_too_large`) as soon as it is known to be over
 * `limit` bytes: by `Content-Length` first, else while counting. A refused body is discarded as it
 * arrives, never kept (service-kit's `sendJson` waits for its end before closing, see there).
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    return Promise.reject(new GatewayError('request_too_large', `Request body is larger than the gateway's limit of ${limit} bytes.`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.off('data', onData);
        chunks.length = 0;
        req.resume(); // discard the rest without keeping it
        reject(new GatewayError('request_too_large', `Request body is larger than the gateway's limit of ${limit} bytes.`));
        return;
      }
      chunks.push(c);
    };
    req.on('data', onData);
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)));
    req.once('error', reject);
    req.once('aborted', () => reject(new GatewayError('gateway_error', 'The request was aborted.')));
  });
}
