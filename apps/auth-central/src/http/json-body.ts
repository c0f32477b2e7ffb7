/**
 * JSON bodies of the POST endpoints: `Content-Type: application/json` is
 * required (415 UNSUPPORTED_MEDIA_TYPE otherwise), bodies are limited (413
 * PAYLOAD_TOO_LARGE), malformed JSON or a body that is not a JSON object is
 * 400 INVALID_REQUEST. Every answer has the area A body `{error, message}`;
 * nothing reaches a route (so nothing is written) when the body is refused.
 */
import express, { type RequestHandler } from 'express';
import { AuthCentralError } from '../errors.js';

export function jsonBody(limit: string | number): RequestHandler[] {
  const parse = express.json({ limit, strict: true, type: () => true });
  return [
    (req, _res, next) => {
      if (!req.is('application/json')) {
        next(new AuthCentralError('UNSUPPORTED_MEDIA_TYPE', 'The request body must be JSON (Content-Type: application/json).'));
        return;
      }
      next();
    },
    parse,
    (req, _res, next) => {
      const body: unknown = req.body;
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        next(new AuthCentralError('INVALID_REQUEST', 'The request body must be a JSON object.'));
        return;
      }
      next();
    },
  ];
}
