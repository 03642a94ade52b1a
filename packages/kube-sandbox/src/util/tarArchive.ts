import { gunzipSync, gzipSync } from 'node:zlib';

/*
 * A minimal ustar writer and reader, for Velero's backup archives (`<name>.tar.gz` holding
 * `resources/<resource>[.<group>]/namespaces/<namespace>/<name>.json`) and Flux's artifacts
 * (charts, `git archive` output): regular files only, extended headers are skipped.
 */

const BLOCK = 512;

function field(
  block: Buffer,
  offset: number,
  length: number,
  value: string,
): void {
  block.write(value, offset, length, 'utf8');
}

function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

function header(name: string, size: number, mtime: number): Buffer {
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  const block = Buffer.alloc(BLOCK);
  field(block, 0, 100, base);
  field(block, 100, 8, octal(0o644, 8));
  field(block, 108, 8, octal(0, 8));
  field(block, 116, 8, octal(0, 8));
  field(block, 124, 12, octal(size, 12));
  field(block, 136, 12, octal(mtime, 12));
  field(block, 148, 8, '        ');
  field(block, 156, 1, '0');
  field(block, 257, 6, 'ustar\0');
  field(block, 263, 2, '00');
  field(block, 345, 155, prefix);
  let checksum = 0;
  for (const byte of block) {
    checksum += byte;
  }
  field(block, 148, 8, `${checksum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

/**
 * A gzipped tar of the given files, stamped with `mtime` (seconds; default now): a fixed one
 * makes the same files give the same bytes, so a digest of them means their content.
 */
export function packTarGz(
  files: Map<string, Buffer>,
  mtime = Math.floor(Date.now() / 1000),
): Buffer {
  const parts: Buffer[] = [];
  for (const [name, content] of files) {
    parts.push(header(name, content.length, mtime), content);
    const padding = (BLOCK - (content.length % BLOCK)) % BLOCK;
    parts.push(Buffer.alloc(padding));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return gzipSync(Buffer.concat(parts));
}

function text(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

/** The regular files of a gzipped tar. */
export function unpackTarGz(archive: Buffer): Map<string, Buffer> {
  const data = gunzipSync(archive);
  const files = new Map<string, Buffer>();
  for (let offset = 0; offset + BLOCK <= data.length; ) {
    const block = data.subarray(offset, offset + BLOCK);
    if (block.every(byte => byte === 0)) {
      break;
    }
    const size = parseInt(text(block, 124, 12).trim() || '0', 8);
    const prefix = text(block, 345, 155);
    const name = prefix
      ? `${prefix}/${text(block, 0, 100)}`
      : text(block, 0, 100);
    const type = text(block, 156, 1);
    offset += BLOCK;
    if (type === '0' || type === '') {
      files.set(name, Buffer.from(data.subarray(offset, offset + size)));
    }
    offset += Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
}
