/** Upload helpers of the file and onboarding tests: a multipart body by hand, and small real files. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
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

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A 1x1 PNG carrying a text chunk (where a camera or an editor leaves its metadata). */
export function pngWithText(text: string): Buffer {
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  const idat = Buffer.from('789c63f8cfc0f01f0005000201b2c5e8e0', 'hex');
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1')), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A JPEG shaped file with a JFIF header, an EXIF segment (with `text` in it) and some scan data. */
export function jpegWithExif(text: string): Buffer {
  const seg = (marker: number, payload: Buffer) => {
    const h = Buffer.from([0xff, marker, 0, 0]);
    h.writeUInt16BE(payload.length + 2, 2);
    return Buffer.concat([h, payload]);
  };
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    seg(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    seg(0xe1, Buffer.from(`Exif\0\0${text}`, 'latin1')),
    seg(0xdb, Buffer.alloc(65, 1)),
    Buffer.from([0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0]),
    Buffer.from([0x12, 0x34, 0x56, 0xff, 0xd9]),
  ]);
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** The first bytes of a WebM recording (EBML header). */
export const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]), Buffer.from('webm recording'.repeat(20))]);
