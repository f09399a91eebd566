/** Upload helpers of the file and onboarding tests: a multipart body by hand, small real files and broken ones. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';

export function multipart(parts: { name: string; value?: string; filename?: string; contentType?: string; data?: Buffer }[]): { body: Buffer; contentType: string } {
  const boundary = `----mgtest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.contentType ? `Content-Type: ${p.contentType}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), p.data ?? Buffer.from(p.value ?? ''), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function upload(app: FastifyInstance, token: string, file: { data: Buffer; filename?: string; contentType?: string }, biz?: string): Promise<LightMyRequestResponse> {
  const parts = [{ name: 'file', filename: file.filename ?? 'file.bin', contentType: file.contentType ?? 'application/octet-stream', data: file.data }];
  const { body, contentType } = multipart(biz === undefined ? parts : [{ name: 'biz', value: biz }, ...parts]);
  return app.inject({ method: 'POST', url: '/api/sys/common/upload', headers: { 'x-access-token': token, 'content-type': contentType, 'x-lang': 'en-US' }, payload: body });
}

const fixture = (name: string) => fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', name));

/**
 * Small real files, each opened by a viewer when it was made (pdf.js for the PDF; Chromium decoded the images and
 * played the recording, which its MediaRecorder wrote): what an upload must accept.
 */
export const PDF = fixture('minimal.pdf');
export const JPEG = fixture('minimal.jpg');
export const PNG = fixture('minimal.png');
export const WEBP = fixture('minimal.webp');
export const WEBM = fixture('minimal.webm');

/** What claims a type by its first bytes and that no viewer opens (issue 39): a PDF header alone, 40 bytes. */
export const HEADER_ONLY_PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n% nothing follows: 40 B\n\n', 'latin1');
/** An EBML header (DocType webm) followed by text: no Segment, no tracks, no frames. */
export const FAKE_WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]), Buffer.from('webm recording'.repeat(20))]);

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** The PNG with a text chunk after its header (where a camera or an editor leaves its metadata). */
export function pngWithText(text: string): Buffer {
  const ihdrEnd = 8 + 12 + PNG.readUInt32BE(8);
  return Buffer.concat([PNG.subarray(0, ihdrEnd), pngChunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1')), PNG.subarray(ihdrEnd)]);
}

/** The JPEG with an EXIF segment (holding `text`) after its start: stripped, it is the JPEG again, byte for byte. */
export function jpegWithExif(text: string): Buffer {
  const payload = Buffer.from(`Exif\0\0${text}`, 'latin1');
  const seg = Buffer.from([0xff, 0xe1, 0, 0]);
  seg.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([JPEG.subarray(0, 2), seg, payload, JPEG.subarray(2)]);
}
