import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';
import { COMPRESS_MIN_BYTES } from '../config/tuning.ts';

/**
 * The API's answers (and any other compressible answer the portal writes) compressed for a
 * browser that accepts it, brotli or gzip (ADR 0041): on a 3G line the apply form's reads
 * were 35 KB of JSON, 0.4 s of transfer alone. What is already compressed (the build's files,
 * the landing page) and partial content are left as they are; so are PDFs, images and
 * archives, which do not shrink. Requests are never decompressed: a body sent compressed is
 * read as it came, and refused as malformed.
 */
export const compress = fp(
  async (app) => {
    // Before the plugin's own hook: it would otherwise inflate bodies sent with a Content-Encoding.
    app.addHook('onRoute', (route) => {
      route.decompress ??= false;
    });
    await app.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_MIN_BYTES,
      // Brotli's quality 5: the case types' 17.7 KB of JSON in 5.2 KB and 0.4 ms; the library's
      // 4 made 5.6 KB, and 11 made 4.5 KB in 18 ms (docs/performance.md).
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    });
  },
  { name: 'compress', fastify: '5.x' },
);
